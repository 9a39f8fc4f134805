import { and, eq, type SQL, sql } from "drizzle-orm";
import { communityWithMembershipQuery, managesSql } from "~/server/communities/communities.server";
import { managerAccess } from "~/server/communities/manage.server";
import { joinByInvitationSql, mayJoinByInvitationSql } from "~/server/communities/membership.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { newInviteToken, newJoinCode, normalizeCode, sameSecret, secretHash } from "./secrets.server";

const ci = schema.communityInvites;
const j = schema.communityJoins;

/** Wrong tries per address and per account: 10 in 15 minutes (decision 155). */
export const JOIN_TRY_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };

/** The manage page's reads: access, the code and link, joins per method. One batch. */
export async function getInvitePage(viewerId: number, communityId: number) {
  const { community, invite, joins } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    invite: getDb().select().from(ci).where(eq(ci.communityId, communityId)),
    joins: getDb()
      .select({ method: j.method, count: sql<number>`count(*)` })
      .from(j)
      .where(eq(j.communityId, communityId))
      .groupBy(j.method),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  const row = invite[0];
  const counts = { code: 0, link: 0, email: 0 };
  for (const { method, count } of joins) counts[method] = count;
  return {
    ...access,
    invite: row ? { code: row.code, token: row.token, enabled: row.enabled, expiresAt: row.expiresAt } : null,
    joins: counts,
  };
}

export type InviteChange = { intent: "on" | "rotate" | "off" } | { intent: "expiry"; expiresAt: number | null };

/**
 * Turns the code and link on (new ones the first time), rotates them (the old ones stop at once:
 * the row's values are replaced), turns them off, or sets their expiry. Managers only, checked in
 * the write itself; returns whether anything changed.
 */
export async function changeInvite(manager: Actor, communityId: number, change: InviteChange) {
  const allowed = and(sql`${managesSql(manager.id, communityId)}`, tokenIsCurrent(manager.id, manager.tokenVersion));
  const db = getDb();
  let write: ReturnType<typeof db.update> | ReturnType<typeof db.insert> | unknown;
  if (change.intent === "on" || change.intent === "rotate") {
    const code = newJoinCode();
    const token = newInviteToken();
    const values = { code, token, codeHash: await secretHash(code), tokenHash: await secretHash(token) };
    write =
      change.intent === "rotate"
        ? sqlRows(sql`UPDATE community_invites SET code = ${values.code}, token = ${values.token},
            code_hash = ${values.codeHash}, token_hash = ${values.tokenHash}, enabled = 1
            WHERE community_id = ${communityId} AND ${allowed} RETURNING community_id`)
        : sqlRows(sql`INSERT INTO community_invites (community_id, code, token, code_hash, token_hash, enabled)
            SELECT ${communityId}, ${values.code}, ${values.token}, ${values.codeHash}, ${values.tokenHash}, 1
            WHERE ${allowed}
            ON CONFLICT(community_id) DO UPDATE SET enabled = 1 RETURNING community_id`);
  } else if (change.intent === "off") {
    write = sqlRows(sql`UPDATE community_invites SET enabled = 0
      WHERE community_id = ${communityId} AND ${allowed} RETURNING community_id`);
  } else {
    write = sqlRows(sql`UPDATE community_invites SET expires_at = ${"expiresAt" in change ? change.expiresAt : null}
      WHERE community_id = ${communityId} AND ${allowed} RETURNING community_id`);
  }
  const { done } = await batchAs(manager, { done: write as ReturnType<typeof sqlRows> });
  return (done as unknown[]).length > 0;
}

export type JoinResult =
  | { status: "joined"; communityId: number; name: string }
  | { status: "wrong" }
  | { status: "banned" }
  | { status: "limited"; retryAfterSeconds: number };

/**
 * Joins the community whose code or link this is, through the membership rule for invitations
 * (`joinByInvitationSql`: any join policy, as a member, never a banned person). One batch: the
 * limit check, the join, the record of how, a counted wrong try, and the answer (decision 155).
 * A wrong, expired, rotated or turned-off secret is one answer, "wrong": it never tells whether a
 * community exists.
 */
export async function joinWithSecret(
  actor: Actor,
  secret: { code: string } | { token: string },
  address: string,
  now = Date.now(),
): Promise<JoinResult> {
  const method = "code" in secret ? "code" : "link";
  const value = "code" in secret ? normalizeCode(secret.code) : secret.token;
  const keys = sql`(${`join:ip:${address}`}, ${`join:account:${actor.id}`})`;
  const hash = await secretHash(value ?? "");
  const column = sql.raw(method === "code" ? "ci.code_hash" : "ci.token_hash");
  const windowStart = now - JOIN_TRY_LIMIT.windowMs;
  const matches = sql`${column} = ${hash} AND ci.enabled = 1 AND (ci.expires_at IS NULL OR ci.expires_at > ${now})`;
  const limited = sql`EXISTS (SELECT 1 FROM rate_limits WHERE key IN ${keys}
    AND window_start > ${windowStart} AND count >= ${JOIN_TRY_LIMIT.limit})`;
  const invitation = sql`SELECT ci.community_id FROM community_invites ci WHERE ${matches} AND NOT ${limited}`;
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const activeMember = (community: SQL) => sql`EXISTS (SELECT 1 FROM community_members cm
    WHERE cm.community_id = ${community} AND cm.user_id = ${actor.id} AND cm.status = 'active')`;
  // With the revocation check: a revoked session joins nothing and ends as revoked, never "banned".
  const result = await batchAs(actor, {
    record: sqlRows(sql`INSERT INTO community_joins (community_id, user_id, method)
      SELECT inv.community_id, ${actor.id}, ${method} FROM (${invitation}) inv
      WHERE ${current} AND ${mayJoinByInvitationSql(sql`inv.community_id`, actor.id)}
        AND NOT ${activeMember(sql`inv.community_id`)}
      ON CONFLICT DO NOTHING`),
    join: sqlRows(joinByInvitationSql(actor.id, invitation, current)),
    wrong: sqlRows(sql`INSERT INTO rate_limits (key, count, window_start)
      SELECT k.key, 1, ${now} FROM (SELECT ${`join:ip:${address}`} AS key UNION ALL SELECT ${`join:account:${actor.id}`}) k
      WHERE NOT EXISTS (SELECT 1 FROM community_invites ci WHERE ${matches} AND NOT ${limited})
      ON CONFLICT(key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
        window_start = CASE WHEN rate_limits.window_start <= ${windowStart} THEN ${now} ELSE rate_limits.window_start END`),
    answer: sqlRows<{ id: number; name: string; secret: string; member: number }>(sql`SELECT c.id AS id,
        c.name AS name, ${sql.raw(method === "code" ? "ci.code" : "ci.token")} AS secret,
        ${activeMember(sql`c.id`)} AS member
      FROM community_invites ci JOIN communities c ON c.id = ci.community_id
      WHERE ${matches} AND NOT ${limited}`),
    limit: sqlRows<{ window_start: number }>(sql`SELECT window_start FROM rate_limits WHERE key IN ${keys}
      AND window_start > ${windowStart} AND count > ${JOIN_TRY_LIMIT.limit} ORDER BY window_start DESC LIMIT 1`),
  });
  const found = result.answer[0];
  if (value !== null && found && sameSecret(found.secret, value)) {
    // The secret was right: either the membership rule let them in, or it refused (a ban).
    if (found.member) return { status: "joined", communityId: found.id, name: found.name };
    return { status: "banned" };
  }
  const limitedRow = result.limit[0];
  if (limitedRow) {
    const retryAfterSeconds = Math.max(1, Math.ceil((limitedRow.window_start + JOIN_TRY_LIMIT.windowMs - now) / 1000));
    return { status: "limited", retryAfterSeconds };
  }
  return { status: "wrong" };
}
