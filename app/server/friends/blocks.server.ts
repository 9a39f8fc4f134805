import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

/**
 * Blocking (issue 26 item 3, decision 160). The blocker acts alone and the blocked person is
 * never told: no notification, no change they can see except that messages and friend requests
 * to the blocker are refused like any other. Blocking ends a friendship (or a pending request)
 * in the same batch. What the blocker no longer sees is decided where each list is read, by
 * `~/server/users/blocks-sql.server.ts`, joined into the query each page already runs.
 */

export type BlockedPerson = { id: number; name: string; username: string | null; avatar: string; since: number };
export type BlockResult =
  | { status: "ok"; user: { id: number; name: string }; changed: boolean }
  | { status: "not_found" }
  | { status: "self" };

type PersonRow = { id: number; name: string };

/** Blocks `targetId` for the actor (again is fine), ending any friendship between them. */
export async function blockUser(actor: Actor, targetId: number): Promise<BlockResult> {
  if (actor.id === targetId) return { status: "self" };
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const { people, inserted } = await batchAs(actor, {
    people: sqlRows<PersonRow>(sql`SELECT u.id, u.name FROM users u WHERE u.id = ${targetId} AND ${activeUser("u")}`),
    inserted: sql`INSERT OR IGNORE INTO blocks (blocker_id, blocked_id, created_at)
      SELECT ${actor.id}, u.id, ${Date.now()} FROM users u WHERE u.id = ${targetId} AND ${activeUser("u")} AND ${current}
      RETURNING blocked_id AS id`,
    friendships: sql`DELETE FROM friendships
      WHERE ((requester_id = ${actor.id} AND addressee_id = ${targetId}) OR (requester_id = ${targetId} AND addressee_id = ${actor.id}))
        AND EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${actor.id} AND blocked_id = ${targetId}) AND ${current}`,
  });
  const person = people[0];
  if (!person) return { status: "not_found" };
  return { status: "ok", user: person, changed: inserted.length > 0 };
}

/** Lifts the actor's block of `targetId` (nothing else comes back: a friendship is asked anew). */
export async function unblockUser(actor: Actor, targetId: number): Promise<BlockResult> {
  if (actor.id === targetId) return { status: "self" };
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const { people, removed } = await batchAs(actor, {
    people: sqlRows<PersonRow>(sql`SELECT u.id, u.name FROM users u WHERE u.id = ${targetId}`),
    removed: sql`DELETE FROM blocks WHERE blocker_id = ${actor.id} AND blocked_id = ${targetId} AND ${current}
      RETURNING blocked_id AS id`,
  });
  const person = people[0];
  if (!person) return { status: "not_found" };
  return { status: "ok", user: person, changed: removed.length > 0 };
}

type BlockedRow = { id: number; name: string; username: string | null; avatar: string; since: number };

/** The people the viewer blocked, newest first (settings and `GET /api/v2/blocks`). One batch. */
export async function listBlocked(viewerId: number): Promise<BlockedPerson[]> {
  const { rows } = await batch({
    rows: sqlRows<BlockedRow>(sql`
      SELECT u.id, u.name, u.username, u.avatar, bk.created_at AS since
      FROM blocks bk JOIN users u ON u.id = bk.blocked_id AND u.deleted_at IS NULL
      WHERE bk.blocker_id = ${viewerId}
      ORDER BY bk.created_at DESC, u.id`),
  });
  return rows.map((row) => ({ ...row, avatar: avatarUrl(row.avatar) }));
}
