import { and, eq, sql } from "drizzle-orm";
import { communityWithMembershipQuery, managesSql } from "~/server/communities/communities.server";
import { managerAccess } from "~/server/communities/manage.server";
import { batch, sqlRows, textRows } from "~/server/db/batch.server";
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
  | { status: "limited"; retryAfterSeconds: number };

const TRY_LIMITED = `EXISTS (SELECT 1 FROM rate_limits WHERE key IN (?4, ?5)
  AND window_start > ?3 - ?6 AND count >= ?7)`;
const VALID = `ci.enabled = 1 AND (ci.expires_at IS NULL OR ci.expires_at > ?3)`;

/**
 * Joins the community whose code or link this is: any join policy (the code is the invitation),
 * as a member; an invited or pending row becomes active. One batch: the limit check, the join,
 * the record of how, a counted wrong try, and the answer (decision 155). A wrong, expired,
 * rotated or turned-off secret is one answer, "wrong": it never tells whether a community exists.
 */
export async function joinWithSecret(
  actor: Actor,
  secret: { code: string } | { token: string },
  address: string,
  now = Date.now(),
): Promise<JoinResult> {
  const method = "code" in secret ? "code" : "link";
  const value = "code" in secret ? normalizeCode(secret.code) : secret.token;
  const ipKey = `join:ip:${address}`;
  const accountKey = `join:account:${actor.id}`;
  const hash = await secretHash(value ?? "");
  const column = method === "code" ? "code_hash" : "token_hash";
  const found = `FROM community_invites ci WHERE ci.${column} = ?1 AND ${VALID} AND NOT ${TRY_LIMITED}`;
  const current = `EXISTS (SELECT 1 FROM users WHERE id = ?2 AND token_version = ?8 AND deleted_at IS NULL)`;
  const params = [
    hash,
    actor.id,
    now,
    ipKey,
    accountKey,
    JOIN_TRY_LIMIT.windowMs,
    JOIN_TRY_LIMIT.limit,
    actor.tokenVersion,
  ];
  // D1 wants exactly as many values as the statement's highest ?N.
  const rows = <Row = Record<string, unknown>>(text: string) => {
    const highest = Math.max(...[...text.matchAll(/\?(\d+)/g)].map((match) => Number(match[1])));
    return textRows<Row>(text, params.slice(0, highest));
  };
  const result = await batch({
    record: rows(
      `INSERT INTO community_joins (community_id, user_id, method)
       SELECT ci.community_id, ?2, '${method}' ${found} AND ${current}
         AND NOT EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = ci.community_id
           AND cm.user_id = ?2 AND cm.status = 'active')
       ON CONFLICT DO NOTHING`,
    ),
    join: rows(
      `INSERT INTO community_members (community_id, user_id, role, status)
       SELECT ci.community_id, ?2, 'member', 'active' ${found} AND ${current}
       ON CONFLICT(community_id, user_id) DO UPDATE SET status = 'active'`,
    ),
    wrong: rows(
      `INSERT INTO rate_limits (key, count, window_start)
       SELECT k.key, 1, ?3 FROM (SELECT ?4 AS key UNION ALL SELECT ?5) k
       WHERE NOT EXISTS (SELECT 1 ${found})
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start <= ?3 - ?6 THEN 1 ELSE rate_limits.count + 1 END,
         window_start = CASE WHEN rate_limits.window_start <= ?3 - ?6 THEN ?3 ELSE rate_limits.window_start END`,
    ),
    answer: rows<{ id: number; name: string; secret: string }>(
      `SELECT c.id AS id, c.name AS name, ci.${method === "code" ? "code" : "token"} AS secret
       FROM community_invites ci JOIN communities c ON c.id = ci.community_id
       WHERE ci.${column} = ?1 AND ${VALID}
         AND EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = c.id AND cm.user_id = ?2
           AND cm.status = 'active')`,
    ),
    limit: rows<{ window_start: number }>(
      `SELECT window_start FROM rate_limits WHERE key IN (?4, ?5) AND window_start > ?3 - ?6 AND count > ?7
       ORDER BY window_start DESC LIMIT 1`,
    ),
  });
  const joined = result.answer[0];
  if (value !== null && joined && sameSecret(joined.secret, value)) {
    return { status: "joined", communityId: joined.id, name: joined.name };
  }
  const limited = result.limit[0];
  if (limited) {
    const retryAfterSeconds = Math.max(1, Math.ceil((limited.window_start + JOIN_TRY_LIMIT.windowMs - now) / 1000));
    return { status: "limited", retryAfterSeconds };
  }
  return { status: "wrong" };
}
