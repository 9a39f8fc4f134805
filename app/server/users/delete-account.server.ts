import { env } from "cloudflare:workers";
import { eq, or } from "drizzle-orm";
import { DELETE_CONFIRMATION_WORD } from "~/lib/forms/settings-delete";
import { DEFAULT_THEME } from "~/lib/themes";
import type { Translate } from "~/lib/translate";
import { getDb, schema } from "~/server/db/db.server";
import { forgetActorQuery } from "~/server/notifications.server";
import { closeUserSockets } from "~/server/realtime.server";
import { type CurrentPasswordCheck, confirmCurrentPassword } from "./current-password.server";
import { getUserById } from "./users.server";

export type AccountDeletion =
  | { status: "deleted" }
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
  userId: number,
  input: { password: string; confirmation: string },
  t: Translate,
  now = Date.now(),
): Promise<AccountDeletion> {
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
  await db.batch([
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
      .where(eq(s.users.id, userId)),
    // Sign-ins and links: every session ends, no mailed link works any more.
    db.delete(s.refreshTokens).where(eq(s.refreshTokens.userId, userId)),
    db.delete(s.oauthAccounts).where(eq(s.oauthAccounts.userId, userId)),
    db.delete(s.emailTokens).where(eq(s.emailTokens.userId, userId)),
    // Relations and private data.
    db.delete(s.friendships).where(or(eq(s.friendships.requesterId, userId), eq(s.friendships.addresseeId, userId))),
    db.delete(s.communityMembers).where(eq(s.communityMembers.userId, userId)),
    db.update(s.communities).set({ ownerId: null }).where(eq(s.communities.ownerId, userId)),
    db.delete(s.notifications).where(eq(s.notifications.userId, userId)),
    forgetActorQuery(userId, t("common:unknownUser")),
    db.delete(s.likes).where(eq(s.likes.userId, userId)),
    db.delete(s.mailRecipients).where(eq(s.mailRecipients.userId, userId)),
    db.delete(s.contactMessages).where(eq(s.contactMessages.userId, userId)),
    // What others read stays, without an author.
    db.update(s.posts).set({ authorId: null }).where(eq(s.posts.authorId, userId)),
    db.update(s.comments).set({ authorId: null }).where(eq(s.comments.authorId, userId)),
    db.update(s.messages).set({ senderId: null }).where(eq(s.messages.senderId, userId)),
    db.update(s.mailMessages).set({ senderId: null }).where(eq(s.mailMessages.senderId, userId)),
  ]);

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
