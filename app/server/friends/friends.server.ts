import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { UserInfo } from "~/lib/friend-status";
import { getDb, schema } from "~/server/db/db.server";
import {
  available,
  cardColumns,
  type FriendshipRow,
  pairRows,
  type Relation,
  relationOf,
  toUserInfo,
  type UserCard,
} from "~/server/friends/relation.server";
import { createNotification, deleteNotification, markNotificationRead } from "~/server/notifications.server";

/**
 * The friend state machine (SPEC §4, §5, §8; docs/decisions/022-friend-requests.md). The
 * viewer is always the acting user, so nobody can act for someone else. Each operation answers
 * the target's userInfo as the viewer now sees it: clients replace their cached user with it.
 */

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Notification titles are stored text (SPEC §3), so the service needs a translator and the origin for full URLs. */
export type FriendContext = { origin: string; t: Translate };

export type FriendOutcome = "sent" | "accepted" | "cancelled" | "declined" | "unfriended";

/** Expected refusals; each maps to one SPEC §5/§8 text (people:warnings.*). */
export type FriendProblem =
  | "already_friends"
  | "request_pending"
  | "no_pending_request"
  | "cancel_failed"
  | "no_incoming_request"
  | "not_friends";

export type FriendResult =
  | { status: "ok"; outcome: FriendOutcome; user: UserInfo }
  | { status: FriendProblem; user: UserInfo }
  | { status: "not_found" }
  | { status: "self" };

const f = schema.friendships;
const u = schema.users;

type Pair = { viewer: UserCard; target: UserCard; relation: Relation };

async function loadPeople(viewerId: number, targetId: number): Promise<Pair | "not_found" | "self"> {
  if (viewerId === targetId) return "self";
  const db = getDb();
  const [people, rows] = await db.batch([
    db
      .select(cardColumns)
      .from(u)
      .where(and(inArray(u.id, [viewerId, targetId]), available)),
    pairRows(viewerId, targetId),
  ]);
  const viewer = people.find((person) => person.id === viewerId);
  const target = people.find((person) => person.id === targetId);
  if (!viewer || !target) return "not_found";
  return { viewer, target, relation: relationOf(viewerId, rows) };
}

async function run(
  viewerId: number,
  targetId: number,
  step: (pair: Pair) => Promise<{ status: "ok"; outcome: FriendOutcome; relation: Relation } | FriendProblem>,
): Promise<FriendResult> {
  const pair = await loadPeople(viewerId, targetId);
  if (pair === "not_found" || pair === "self") return { status: pair };
  const result = await step(pair);
  if (typeof result === "string") {
    // Someone may have changed the pair meanwhile: answer with how things stand now.
    const now = relationOf(viewerId, await pairRows(viewerId, targetId));
    return { status: result, user: toUserInfo(pair.target, now) };
  }
  return { status: "ok", outcome: result.outcome, user: toUserInfo(pair.target, result.relation) };
}

/** The addressee's "sent you a request" notification has a known oid, so it can be withdrawn. */
export function requestNotificationOid(row: Pick<FriendshipRow, "requesterId" | "addresseeId" | "createdAt">) {
  return `friend-request-${row.requesterId}-${row.addresseeId}-${row.createdAt}`;
}

const none: Relation = { kind: "none" };

/**
 * 0 → 2 (SPEC §4). Friends already: a warning. The viewer's own request pending: the SPEC
 * failure. The target's request pending: sending accepts it, so an app with only SPEC §7's
 * calls can answer requests (decision 022).
 */
export function sendFriendRequest(viewerId: number, targetId: number, ctx: FriendContext) {
  return run(viewerId, targetId, async ({ viewer, target, relation }) => {
    if (relation.kind === "friends") return "already_friends";
    if (relation.kind === "outgoing") return "request_pending";
    if (relation.kind === "incoming") return accept(viewer, target, relation.row, ctx);
    const createdAt = Date.now();
    // One statement, so two people asking each other at once cannot both insert (D1 runs it atomically).
    const inserted = await getDb().all<{ created_at: number }>(sql`
      INSERT OR IGNORE INTO friendships (requester_id, addressee_id, status, created_at)
      SELECT ${viewer.id}, ${target.id}, 'pending', ${createdAt}
      WHERE NOT EXISTS (SELECT 1 FROM friendships WHERE requester_id = ${target.id} AND addressee_id = ${viewer.id})
      RETURNING created_at`);
    if (inserted.length === 0) {
      // Crossed requests: theirs landed first. Sending to someone who asked accepts (decision 022).
      const now = relationOf(viewer.id, await pairRows(viewer.id, target.id));
      if (now.kind === "incoming") return accept(viewer, target, now.row, ctx);
      if (now.kind === "friends") return { status: "ok" as const, outcome: "accepted" as const, relation: now };
      return "request_pending";
    }
    const row = {
      requesterId: viewer.id,
      addresseeId: target.id,
      status: "pending" as const,
      createdAt,
      acceptedAt: null,
    };
    await createNotification({
      userId: target.id,
      oid: requestNotificationOid(row),
      title: ctx.t("people:notifications.request", { name: viewer.name }),
      url: "/profile/friends",
      origin: ctx.origin,
      now: createdAt,
    });
    return { status: "ok", outcome: "sent", relation: { kind: "outgoing", row } };
  });
}

/** 2 → 0 by the requester only (SPEC §4); the addressee's notification goes with it. */
export function cancelFriendRequest(viewerId: number, targetId: number) {
  return run(viewerId, targetId, async ({ viewer, target, relation }) => {
    if (relation.kind === "none" || relation.kind === "friends") return "no_pending_request";
    // Only the requester cancels; the addressee declines instead.
    if (relation.kind === "incoming") return "cancel_failed";
    const removed = await getDb()
      .delete(f)
      .where(and(eq(f.requesterId, viewer.id), eq(f.addresseeId, target.id), eq(f.status, "pending")))
      .returning();
    if (removed.length === 0) return "cancel_failed";
    await deleteNotification(target.id, requestNotificationOid(relation.row));
    return { status: "ok", outcome: "cancelled", relation: none };
  });
}

/** 2 → 1 by the addressee only; the requester hears about it. */
export function acceptFriendRequest(viewerId: number, targetId: number, ctx: FriendContext) {
  return run(viewerId, targetId, async ({ viewer, target, relation }) => {
    if (relation.kind === "friends") return "already_friends";
    if (relation.kind !== "incoming") return "no_incoming_request";
    return accept(viewer, target, relation.row, ctx);
  });
}

async function accept(viewer: UserCard, requester: UserCard, row: FriendshipRow, ctx: FriendContext) {
  const acceptedAt = Date.now();
  const updated = await getDb()
    .update(f)
    .set({ status: "accepted", acceptedAt })
    .where(and(eq(f.requesterId, requester.id), eq(f.addresseeId, viewer.id), eq(f.status, "pending")))
    .returning();
  if (updated.length === 0) {
    // Crossed answers (both sent, or a double submit): if the pair are friends now, that is
    // what was asked for, so answer with it rather than a missing request.
    const now = relationOf(viewer.id, await pairRows(viewer.id, requester.id));
    if (now.kind === "friends") return { status: "ok" as const, outcome: "accepted" as const, relation: now };
    return "no_incoming_request" as const;
  }
  // The viewer has dealt with the request notification; the requester gets one of their own.
  await markNotificationRead(viewer.id, requestNotificationOid(row));
  await createNotification({
    userId: requester.id,
    title: ctx.t("people:notifications.accepted", { name: viewer.name }),
    url: `/users/${viewer.id}`,
    origin: ctx.origin,
    now: acceptedAt,
  });
  return {
    status: "ok" as const,
    outcome: "accepted" as const,
    relation: { kind: "friends" as const, row: updated[0]! },
  };
}

/** 2 → 0 by the addressee only. */
export function declineFriendRequest(viewerId: number, targetId: number) {
  return run(viewerId, targetId, async ({ viewer, target, relation }) => {
    if (relation.kind !== "incoming") return "no_incoming_request";
    const removed = await getDb()
      .delete(f)
      .where(and(eq(f.requesterId, target.id), eq(f.addresseeId, viewer.id), eq(f.status, "pending")))
      .returning();
    if (removed.length === 0) return "no_incoming_request";
    await markNotificationRead(viewer.id, requestNotificationOid(relation.row));
    return { status: "ok", outcome: "declined", relation: none };
  });
}

/** 1 → 0 by either side. */
export function unfriend(viewerId: number, targetId: number) {
  return run(viewerId, targetId, async ({ viewer, target, relation }) => {
    if (relation.kind !== "friends") return "not_friends";
    const removed = await getDb()
      .delete(f)
      .where(
        and(
          eq(f.status, "accepted"),
          or(
            and(eq(f.requesterId, viewer.id), eq(f.addresseeId, target.id)),
            and(eq(f.requesterId, target.id), eq(f.addresseeId, viewer.id)),
          ),
        ),
      )
      .returning();
    if (removed.length === 0) return "not_friends";
    return { status: "ok", outcome: "unfriended", relation: none };
  });
}

/**
 * DELETE /api/v1/user/{id}/friend (decision 022): whatever undoes the current relation:
 * cancel an outgoing request, decline an incoming one, or unfriend.
 */
export async function removeFriendRelation(viewerId: number, targetId: number): Promise<FriendResult> {
  const pair = await loadPeople(viewerId, targetId);
  if (pair === "not_found" || pair === "self") return { status: pair };
  switch (pair.relation.kind) {
    case "friends":
      return unfriend(viewerId, targetId);
    case "incoming":
      return declineFriendRequest(viewerId, targetId);
    default:
      return cancelFriendRequest(viewerId, targetId);
  }
}
