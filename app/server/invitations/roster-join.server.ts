import { sql } from "drizzle-orm";
import { joinByInvitationSql, mayJoinByInvitationSql } from "~/server/communities/membership.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { looksLikeToken, secretHash } from "./secrets.server";

/** Whether an e-mailed invitation's link may still be taken up, by `userId` (null: by anyone). */
function usable(hash: string, now: number, userId: number | null) {
  const taker = userId === null ? sql`0` : sql`ri.joined_user_id = ${userId}`;
  return sql`ri.token_hash = ${hash} AND ri.expires_at > ${now} AND (ri.state != 'joined' OR ${taker})`;
}

/**
 * What a guest's invitation page shows: the community's name and the invited address (to fill
 * in the registration form). Nothing when the link is wrong, used or expired.
 */
export async function peekRosterInvitation(token: string, now = Date.now()) {
  if (!looksLikeToken(token)) return null;
  const { found } = await batch({
    found: sqlRows<{ email: string; name: string }>(sql`SELECT ri.email AS email, c.name AS name
      FROM roster_invitations ri JOIN communities c ON c.id = ri.community_id
      WHERE ${usable(await secretHash(token), now, null)}`),
  });
  return found[0] ?? null;
}

export type RosterJoinResult =
  | { status: "joined"; communityId: number; name: string }
  | { status: "wrong" }
  | { status: "banned" };

/**
 * Takes up an e-mailed invitation: whoever is signed in joins, whatever address their account
 * has (the link is the invitation), once; through the membership rule for invitations (never a
 * banned person). The row becomes "joined", the join is counted as "email", and the roster's
 * student, if any, is recorded as the joiner's child, confirmed (the manager's roster said so;
 * decision 174). One batch, with the revocation check: a revoked session changes nothing and
 * ends the request as revoked (decision 111), never "banned".
 */
export async function acceptRosterInvitation(actor: Actor, token: string, now = Date.now()): Promise<RosterJoinResult> {
  if (!looksLikeToken(token)) return { status: "wrong" };
  const hash = await secretHash(token);
  const invitation = sql`SELECT ri.community_id FROM roster_invitations ri WHERE ${usable(hash, now, actor.id)}`;
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const member = sql`EXISTS (SELECT 1 FROM community_members cm WHERE cm.community_id = ri.community_id
    AND cm.user_id = ${actor.id} AND cm.status = 'active')`;
  const { answer } = await batchAs(actor, {
    record: sql`INSERT INTO community_joins (community_id, user_id, method)
      SELECT ri.community_id, ${actor.id}, 'email' FROM roster_invitations ri
      WHERE ${usable(hash, now, actor.id)} AND ${current} AND NOT ${member}
        AND ${mayJoinByInvitationSql(sql`ri.community_id`, actor.id)}
      ON CONFLICT DO NOTHING`,
    join: joinByInvitationSql(actor.id, invitation, current),
    taken: sql`UPDATE roster_invitations AS ri SET state = 'joined', joined_user_id = ${actor.id}
      WHERE ${usable(hash, now, actor.id)} AND ${member} AND ${current}`,
    parent: sql`INSERT INTO roster_parents (community_id, student, parent_id, state, confirmed_by, confirmed_at)
      SELECT ri.community_id, ri.student, ${actor.id}, 'confirmed', ri.invited_by, ${now} FROM roster_invitations ri
      WHERE ri.token_hash = ${hash} AND ri.joined_user_id = ${actor.id} AND ri.student != ''
      ON CONFLICT DO UPDATE SET state = 'confirmed', confirmed_by = excluded.confirmed_by, confirmed_at = excluded.confirmed_at`,
    answer: sqlRows<{ id: number; name: string; member: number }>(sql`SELECT c.id AS id, c.name AS name,
        ${member} AS member
      FROM roster_invitations ri JOIN communities c ON c.id = ri.community_id
      WHERE ${usable(hash, now, actor.id)}`),
  });
  const found = answer[0];
  if (!found) return { status: "wrong" };
  if (found.member) return { status: "joined", communityId: found.id, name: found.name };
  return { status: "banned" };
}
