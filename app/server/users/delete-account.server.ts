import { env } from "cloudflare:workers";
import { and, eq, or } from "drizzle-orm";
import { DELETE_CONFIRMATION_WORD } from "~/lib/forms/settings-delete";
import { DEFAULT_THEME } from "~/lib/themes";
import type { Translate } from "~/lib/translate";
import { getDb, schema } from "~/server/db/db.server";
import { forgetActorQuery } from "~/server/notifications/notifications.server";
import { closeUserSockets } from "~/server/realtime/realtime.server";
import { type CurrentPasswordCheck, confirmCurrentPassword } from "./current-password.server";
import { type Actor, currentTokenQuery, tokenIsCurrent } from "./session-user.server";
import { getUserById } from "./users.server";

export type AccountDeletion =
  | { status: "deleted" }
  /** The token was revoked (decision 042): nothing was deleted. */
  | { status: "revoked" }
  | { status: "current_required" }
  | { status: "confirmation_required" }
  | Exclude<CurrentPasswordCheck, { status: "ok" }>;

/** The address a deleted account keeps: unique, and never deliverable (RFC 6761 ".invalid"). */
export const tombstoneEmail = (userId: number) => `deleted-${userId}@invalid`;

/**
 * Deletes an account (docs/decisions/017-account-deletion.md): personal data goes, what
 * others can read stays. Posts, comments and messages remain without an author and show as
 * "Unknown User" (SPEC §2). The user row stays as a tombstone so ids in old links never point
 * at someone else. Notifications that named the person now say "Unknown User" (SPEC §2,
 * decision 070). Everything happens in one D1 batch: all of it, or nothing.
 */
export async function deleteAccount(
  actor: Actor,
  input: { password: string; confirmation: string },
  t: Translate,
  now = Date.now(),
): Promise<AccountDeletion> {
  const userId = actor.id;
  const user = await getUserById(userId);
  if (!user) throw new Error(`deleteAccount: user ${userId} does not exist`);
  // Without a password, typing the confirmation word stands in for it.
  if (user.passwordHash === null && input.confirmation !== DELETE_CONFIRMATION_WORD) {
    return { status: "confirmation_required" };
  }
  const check = await confirmCurrentPassword(user, input.password, now);
  if (check.status !== "ok") return check;

  const db = getDb();
  const s = schema;
  // Revocation (decision 042): a revoked token deletes nothing. The check runs first in the
  // batch and guards every statement; the user row changes last, because once it is marked
  // deleted the token no longer counts as current.
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const [still] = await db.batch([
    currentTokenQuery(actor.id, actor.tokenVersion),
    // Sign-ins and links: every session ends, no mailed link works any more.
    db.delete(s.refreshTokens).where(and(eq(s.refreshTokens.userId, userId), current)),
    db.delete(s.oauthAccounts).where(and(eq(s.oauthAccounts.userId, userId), current)),
    db.delete(s.emailTokens).where(and(eq(s.emailTokens.userId, userId), current)),
    // Relations and private data.
    db
      .delete(s.friendships)
      .where(and(or(eq(s.friendships.requesterId, userId), eq(s.friendships.addresseeId, userId)), current)),
    db.delete(s.communityMembers).where(and(eq(s.communityMembers.userId, userId), current)),
    db
      .update(s.communities)
      .set({ ownerId: null })
      .where(and(eq(s.communities.ownerId, userId), current)),
    db.delete(s.notifications).where(and(eq(s.notifications.userId, userId), current)),
    forgetActorQuery(userId, t("common:unknownUser"), current),
    db.delete(s.likes).where(and(eq(s.likes.userId, userId), current)),
    db.delete(s.mailRecipients).where(and(eq(s.mailRecipients.userId, userId), current)),
    db.delete(s.contactMessages).where(and(eq(s.contactMessages.userId, userId), current)),
    // What others read stays, without an author.
    db
      .update(s.posts)
      .set({ authorId: null })
      .where(and(eq(s.posts.authorId, userId), current)),
    db
      .update(s.comments)
      .set({ authorId: null })
      .where(and(eq(s.comments.authorId, userId), current)),
    db
      .update(s.messages)
      .set({ senderId: null })
      .where(and(eq(s.messages.senderId, userId), current)),
    db
      .update(s.mailMessages)
      .set({ senderId: null })
      .where(and(eq(s.mailMessages.senderId, userId), current)),
    db
      .update(s.users)
      .set({
        name: "",
        email: tombstoneEmail(userId),
        username: null,
        passwordHash: null,
        avatar: "default",
        emailVerifiedAt: null,
        theme: DEFAULT_THEME,
        deletedAt: now,
      })
      .where(and(eq(s.users.id, userId), current)),
  ]);
  if (still.length === 0) return { status: "revoked" };

  // Its open sockets end now; its access tokens already fail the deleted-account check (decision 042).
  await closeUserSockets(userId);

  // The avatar file is personal data too; a failure here leaves an orphan, not a live account.
  if (user.avatar && user.avatar !== "default" && !/^https?:\/\//.test(user.avatar)) {
    try {
      await env.FILES.delete(user.avatar);
    } catch (error) {
      console.warn(`deleteAccount: could not delete avatar ${user.avatar} of user ${userId}`, error);
    }
  }
  return { status: "deleted" };
}
