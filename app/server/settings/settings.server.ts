import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { accountFieldErrors } from "~/lib/forms/account";
import type { ProfileSettingsInput } from "~/lib/forms/settings-profile";
import type { Theme } from "~/lib/themes";
import { retireEmailTokensQuery } from "~/server/auth/email-tokens.server";
import { hashPassword } from "~/server/auth/password.server";
import { revokeAllSessions, signAccessToken } from "~/server/auth/tokens.server";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { closeUserSockets } from "~/server/realtime/realtime.server";
import {
  type Actor,
  currentTokenQuery,
  requireCurrentToken,
  runAs,
  sessionUserColumns,
  tokenIsCurrent,
} from "../users/session-user.server";
import { getUserById, userByIdQuery } from "../users/users.server";
import { type CurrentPasswordCheck, confirmCurrentPassword } from "./current-password.server";

/**
 * Settings of one's own account (/profile/settings, decision 019). Every function takes the acting
 * user's id, which routes read from the session, never from the form: a user can only ever
 * change their own account.
 */

/** What the settings page shows. Null when the account is gone. */
export async function getAccountSettings(userId: number, now = Date.now()) {
  // One batch: the page's reads join the request's one round trip (decisions 041, 104).
  const t = schema.emailTokens;
  const found = await batch({
    user: userByIdQuery(userId),
    pending: getDb()
      .select({ email: t.email })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.purpose, "verify"), isNull(t.usedAt), gt(t.expiresAt, now)))
      .orderBy(desc(t.id))
      .limit(1),
  });
  const [user] = found.user;
  const [pending] = found.pending;
  if (!user) return null;
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    theme: user.theme,
    hasPassword: user.passwordHash !== null,
    pendingEmail: pending?.email ?? null,
  };
}

/** Is this username used by anyone but this user? Case-insensitive, like the unique index. */
export async function isUsernameTaken(username: string, exceptUserId?: number) {
  const row = await getDb().query.users.findFirst({
    where: and(
      sql`lower(${schema.users.username}) = ${username.toLowerCase()}`,
      exceptUserId === undefined ? undefined : ne(schema.users.id, exceptUserId),
    ),
    columns: { id: true },
  });
  return row !== undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

export type ProfileUpdate =
  | { status: "updated" }
  /** The token was revoked (decision 042): nothing changed. */
  | { status: "username_taken" }
  | { status: "invalid"; fieldErrors: Record<string, string[]> };

/**
 * Name and username. Chat links (/chat/@username, SPEC §2) are built from the current
 * username wherever they are shown, so a new username changes them everywhere at once.
 */
export async function updateProfile(actor: Actor, input: ProfileSettingsInput): Promise<ProfileUpdate> {
  const userId = actor.id;
  const fieldErrors = accountFieldErrors(input);
  if (fieldErrors) return { status: "invalid", fieldErrors };
  if (input.username && (await isUsernameTaken(input.username, userId))) return { status: "username_taken" };
  try {
    await runAs(
      actor,
      getDb()
        .update(schema.users)
        .set({ name: input.name, username: input.username })
        .where(and(eq(schema.users.id, userId), tokenIsCurrent(actor.id, actor.tokenVersion))),
    );
  } catch (error) {
    // Two people claiming the same name at once: the unique index decides.
    if (isUniqueViolation(error)) return { status: "username_taken" };
    throw error;
  }
  return { status: "updated" };
}

export type PasswordChange =
  /** This session's access token, signed with the new token version: the route puts it in the cookie. */
  | { status: "changed"; accessToken: string }
  | { status: "current_required" }
  | Exclude<CurrentPasswordCheck, { status: "ok" }>;

/**
 * Sets a new password. Accounts that have one must give it; accounts created through Google
 * or Apple have none and may set one. Every other sign-in ends (a changed password usually
 * means the old one leaked) the way logout does (issue 22 item 1, decision 112): their refresh
 * tokens are revoked, the token version is bumped so their access tokens are refused, and their
 * sockets are closed. This session stays: it gets an access token of the new version. Open reset
 * links stop working.
 */
export async function changePassword(
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
  options: { keepRefreshToken?: string } = {},
  now = Date.now(),
): Promise<PasswordChange> {
  const userId = actor.id;
  const user = await getUserById(userId);
  if (!user) throw new Error(`changePassword: user ${userId} does not exist`);
  const check = await confirmCurrentPassword(user, input.currentPassword, now);
  if (check.status !== "ok") return check;
  const db = getDb();
  // Revocation (decision 042): checked in the batch, and guarding both writes. The version bump
  // goes last: after it, the actor's token no longer counts as current.
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const { still, changed } = await batch({
    still: currentTokenQuery(actor.id, actor.tokenVersion),
    retired: retireEmailTokensQuery(userId, "reset", now, current),
    changed: db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(input.newPassword), tokenVersion: sql`${schema.users.tokenVersion} + 1` })
      .where(and(eq(schema.users.id, userId), current))
      .returning(sessionUserColumns),
  });
  const row = changed[0];
  requireCurrentToken(still);
  if (!row) throw new Error(`changePassword: user ${userId} was not updated`);
  await revokeAllSessions(userId, { exceptRefreshToken: options.keepRefreshToken }, now);
  await closeUserSockets(userId);
  return { status: "changed", accessToken: await signAccessToken(row, now) };
}

/** The theme follows the account to every device (the root loader prefers it to the cookie). */
export async function setTheme(actor: Actor, theme: Theme) {
  await runAs(actor, themeWrite(actor, theme));
}

/**
 * The footer's theme switch is a form guests post too: there a revoked token is treated as
 * signed out (decision 082), saving nothing on the account and ending nothing. Whether it saved.
 */
export async function saveThemeIfCurrent(actor: Actor, theme: Theme) {
  return (await single(themeWrite(actor, theme).returning({ id: schema.users.id }))).length > 0;
}

function themeWrite(actor: Actor, theme: Theme) {
  return getDb()
    .update(schema.users)
    .set({ theme })
    .where(and(eq(schema.users.id, actor.id), tokenIsCurrent(actor.id, actor.tokenVersion)));
}
