import { getDb } from "~/server/db/db.server";
import { type Actor, tokenIsCurrentRaw } from "~/server/users/session-user.server";

/**
 * Answers to an event (decision 058): going, maybe, not going; with a capacity, "going" past it
 * becomes "waiting", and places that free up go to the longest-waiting answers. Both steps run
 * in one D1 batch (one transaction on the single writer), so concurrent answers never put an
 * event over capacity.
 */
export type Answer = "going" | "maybe" | "not_going";
export type RsvpStatus = Answer | "waiting";

export type RsvpResult =
  | { ok: true; status: RsvpStatus; promoted: number[] }
  | { ok: false; reason: "forbidden" }
  /** The member's token was revoked (decision 042): nothing was answered. */
  | { ok: false; reason: "revoked" };

// Revocation (decision 042): checked in the batch, and guarding the answer (?5 is the token version).
const CURRENT = `SELECT ${tokenIsCurrentRaw(1, 2)} AS current`;

const ANSWER = `INSERT INTO event_rsvps (event_id, user_id, status, updated_at)
  SELECT e.id, ?2,
    CASE WHEN ?3 = 'going' AND e.capacity IS NOT NULL
      AND (SELECT count(*) FROM event_rsvps r WHERE r.event_id = e.id AND r.status = 'going' AND r.user_id != ?2) >= e.capacity
      AND coalesce((SELECT r.status FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = ?2), '') != 'going'
    THEN 'waiting' ELSE ?3 END,
    ?4
  FROM events e
  WHERE e.id = ?1 AND e.cancelled_at IS NULL AND EXISTS (
    SELECT 1 FROM community_members m WHERE m.community_id = e.community_id AND m.user_id = ?2 AND m.status = 'active')
    AND ${tokenIsCurrentRaw(2, 5)}
  ON CONFLICT (event_id, user_id) DO UPDATE SET status = excluded.status,
    updated_at = CASE WHEN event_rsvps.status = excluded.status THEN event_rsvps.updated_at ELSE excluded.updated_at END
  RETURNING status`;

const PROMOTE = `UPDATE event_rsvps SET status = 'going', updated_at = ?2
  WHERE event_id = ?1 AND status = 'waiting' AND user_id IN (
    SELECT user_id FROM event_rsvps WHERE event_id = ?1 AND status = 'waiting'
    ORDER BY updated_at, user_id
    LIMIT max(0, coalesce((SELECT capacity FROM events WHERE id = ?1), 1000000000)
      - (SELECT count(*) FROM event_rsvps WHERE event_id = ?1 AND status = 'going')))
  RETURNING user_id`;

/** Members of the event's community answer; the event must be live. */
export async function answerEvent(
  member: Actor,
  eventId: number,
  answer: Answer,
  now = Date.now(),
): Promise<RsvpResult> {
  const d1 = getDb().$client;
  const [current, answered, promoted] = await d1.batch<{ status?: RsvpStatus; user_id?: number; current?: number }>([
    d1.prepare(CURRENT).bind(member.id, member.tokenVersion),
    d1.prepare(ANSWER).bind(eventId, member.id, answer, now, member.tokenVersion),
    d1.prepare(PROMOTE).bind(eventId, now),
  ]);
  if (current?.results[0]?.current !== 1) return { ok: false, reason: "revoked" };
  const status = answered?.results[0]?.status;
  if (!status) return { ok: false, reason: "forbidden" };
  return { ok: true, status, promoted: (promoted?.results ?? []).map((row) => row.user_id!) };
}

/** After an edit raised the capacity: fill the new places from the waiting list. */
export async function fillFreedPlaces(eventId: number, now = Date.now()): Promise<number[]> {
  const d1 = getDb().$client;
  const result = await d1.prepare(PROMOTE).bind(eventId, now).all<{ user_id: number }>();
  return result.results.map((row) => row.user_id);
}
