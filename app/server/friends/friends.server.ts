import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { UserInfo } from "~/lib/friend-status";
import { single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import {
  type FriendshipRow,
  pairRows,
  type Relation,
  relationOf,
  type UserCard,
} from "~/server/friends/relation.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import { titleBy } from "~/server/notifications/notification-rows.server";
import {
  type NotificationWrite,
  notificationInsert,
  notificationRemoval,
  notificationSeen,
} from "~/server/notifications/notification-writes.server";
import { noticeText, withOrigin } from "~/server/notifications/notifier.server";
import { blockedEitherWaySql } from "~/server/users/blocks-sql.server";
import type { Actor } from "~/server/users/session-user.server";
import { commit, guard, loadPeople, run, type Step } from "./friend-change.server";

/**
 * The friend state machine (SPEC §4, §5, §8; docs/decisions/022-friend-requests.md). The
 * viewer is always the acting user, so nobody can act for someone else. Each operation answers
 * the target's userInfo as the viewer now sees it: clients replace their cached user with it.
 * A change and its notifications are one D1 batch, guarded by the actor's token (decision 070,
 * decision 042): all of it happens, or none of it.
 */

export type FriendOutcome = "sent" | "accepted" | "cancelled" | "declined" | "unfriended";

/** Expected refusals; each maps to one SPEC §5/§8 text (friends:warnings.*). */
export type FriendProblem =
  | "already_friends"
  | "request_pending"
  | "no_pending_request"
  | "cancel_failed"
  | "no_incoming_request"
  | "not_friends"
  /** A block between the two (decision 160): the same refusal whichever of them blocked. */
  | "not_allowed";

export type FriendResult =
  | { status: "ok"; outcome: FriendOutcome; user: UserInfo }
  | { status: FriendProblem; user: UserInfo }
  | { status: "not_found" }
  | { status: "self" };

const f = schema.friendships;
const _u = schema.users;

/**
 * Removes a pending request and settles its notification, in one batch (cancel and decline):
 * `refused` when there was no such request any more.
 */
async function removePending(
  actor: Actor,
  pair: Pick<FriendshipRow, "requesterId" | "addresseeId">,
  notice: NotificationWrite,
  answers: { refused: FriendProblem; outcome: FriendOutcome },
): Promise<Step> {
  const pending = and(
    eq(f.requesterId, pair.requesterId),
    eq(f.addresseeId, pair.addresseeId),
    eq(f.status, "pending"),
  );
  const removed = await commit(
    actor,
    getDb()
      .delete(f)
      .where(and(pending, guard(actor)))
      .returning(),
    [notice],
  );
  if (removed.length === 0) return answers.refused;
  return { status: "ok", outcome: answers.outcome, relation: { kind: "none" } };
}

/** Whether this friendship row (by its creation time) still exists, as seen inside the batch. */
function rowExists(row: Pick<FriendshipRow, "requesterId" | "addresseeId" | "createdAt">, status?: "pending") {
  return sql`EXISTS (SELECT 1 FROM friendships WHERE requester_id = ${row.requesterId}
    AND addressee_id = ${row.addresseeId} AND created_at = ${row.createdAt}
    ${status ? sql`AND status = ${status}` : sql``})`;
}
const rowGone = (row: Pick<FriendshipRow, "requesterId" | "addresseeId" | "createdAt">): SQL =>
  sql`NOT ${rowExists(row)}`;

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
export function sendFriendRequest(actor: Actor, targetId: number) {
  return run(actor, targetId, async ({ viewer, target, relation }): Promise<Step> => {
    if (relation.kind === "friends") return "already_friends";
    if (relation.kind === "outgoing") return "request_pending";
    if (relation.kind === "incoming") return accept(actor, viewer, target, relation.row);
    const row = {
      requesterId: viewer.id,
      addresseeId: target.id,
      status: "pending" as const,
      createdAt: Date.now(),
      acceptedAt: null,
      // As the insert's trigger stores them (decisions 191, 198).
      requesterName: viewer.name,
      addresseeName: target.name,
      requesterUsername: viewer.username,
      addresseeUsername: target.username,
      requesterAvatar: viewer.avatar,
      addresseeAvatar: target.avatar,
    };
    // One statement, so two people asking each other at once cannot both insert (D1 runs it atomically).
    const insert = sqlRows<{ created_at: number }>(sql`
      INSERT OR IGNORE INTO friendships (requester_id, addressee_id, status, created_at)
      SELECT ${viewer.id}, ${target.id}, 'pending', ${row.createdAt}
      WHERE NOT EXISTS (SELECT 1 FROM friendships WHERE requester_id = ${target.id} AND addressee_id = ${viewer.id})
        AND NOT ${blockedEitherWaySql(viewer.id, target.id)}
        AND ${guard(actor)}
      RETURNING created_at`);
    const notice = notificationInsert(
      withOrigin({
        userId: target.id,
        oid: requestNotificationOid(row),
        ...titleBy(viewer, (name) => noticeText("friends:notifications.request", { name })),
        url: "/profile/friends",
        now: row.createdAt,
      }),
      rowExists(row, "pending"),
    );
    const inserted = await commit(actor, insert, [notice]);
    // Email to the addressee if they chose it (decision 169).
    if (inserted.length > 0) mailLater({ kind: "friends", fromId: viewer.id }, [target.id]);
    if (inserted.length === 0) {
      // Crossed requests: theirs landed first. Sending to someone who asked accepts (decision 022).
      const now = relationOf(viewer.id, await single(pairRows(viewer.id, target.id)));
      if (now.kind === "incoming") return accept(actor, viewer, target, now.row);
      if (now.kind === "friends") return { status: "ok", outcome: "accepted", relation: now };
      // Nothing between them and still refused: a block (the token was checked in the batch).
      if (now.kind === "none") return "not_allowed";
      return "request_pending";
    }
    return { status: "ok", outcome: "sent", relation: { kind: "outgoing", row } };
  });
}

/** 2 → 0 by the requester only (SPEC §4); the addressee's notification goes with it. */
export function cancelFriendRequest(actor: Actor, targetId: number) {
  return run(actor, targetId, async ({ viewer, target, relation }): Promise<Step> => {
    if (relation.kind === "none" || relation.kind === "friends") return "no_pending_request";
    // Only the requester cancels; the addressee declines instead.
    if (relation.kind === "incoming") return "cancel_failed";
    const notice = notificationRemoval(target.id, requestNotificationOid(relation.row), rowGone(relation.row));
    const pair = { requesterId: viewer.id, addresseeId: target.id };
    return removePending(actor, pair, notice, { refused: "cancel_failed", outcome: "cancelled" });
  });
}

/** 2 → 1 by the addressee only; the requester hears about it. */
export function acceptFriendRequest(actor: Actor, targetId: number) {
  return run(actor, targetId, async ({ viewer, target, relation }): Promise<Step> => {
    if (relation.kind === "friends") return "already_friends";
    if (relation.kind !== "incoming") return "no_incoming_request";
    return accept(actor, viewer, target, relation.row);
  });
}

async function accept(actor: Actor, viewer: UserCard, requester: UserCard, row: FriendshipRow): Promise<Step> {
  const acceptedAt = Date.now();
  const accepted = sql`EXISTS (SELECT 1 FROM friendships WHERE requester_id = ${requester.id}
    AND addressee_id = ${viewer.id} AND status = 'accepted' AND accepted_at = ${acceptedAt})`;
  const updated = await commit(
    actor,
    getDb()
      .update(f)
      .set({ status: "accepted", acceptedAt })
      .where(and(eq(f.requesterId, requester.id), eq(f.addresseeId, viewer.id), eq(f.status, "pending"), guard(actor)))
      .returning(),
    [
      // The viewer has dealt with the request notification; the requester gets one of their own.
      notificationSeen(viewer.id, requestNotificationOid(row), accepted),
      notificationInsert(
        withOrigin({
          userId: requester.id,
          oid: `friend-accepted-${requester.id}-${viewer.id}-${acceptedAt}`,
          ...titleBy(viewer, (name) => noticeText("friends:notifications.accepted", { name })),
          url: `/users/${viewer.id}`,
          now: acceptedAt,
        }),
        accepted,
      ),
    ],
  );
  const friendship = updated[0] as FriendshipRow | undefined;
  if (!friendship) {
    // Crossed answers (both sent, or a double submit): if the pair are friends now, that is
    // what was asked for, so answer with it rather than a missing request.
    const now = relationOf(viewer.id, await single(pairRows(viewer.id, requester.id)));
    if (now.kind === "friends") return { status: "ok", outcome: "accepted", relation: now };
    return "no_incoming_request";
  }
  return { status: "ok", outcome: "accepted", relation: { kind: "friends", row: friendship } };
}

/** 2 → 0 by the addressee only. */
export function declineFriendRequest(actor: Actor, targetId: number) {
  return run(actor, targetId, async ({ viewer, target, relation }): Promise<Step> => {
    if (relation.kind !== "incoming") return "no_incoming_request";
    const notice = notificationSeen(viewer.id, requestNotificationOid(relation.row), rowGone(relation.row));
    const pair = { requesterId: target.id, addresseeId: viewer.id };
    return removePending(actor, pair, notice, { refused: "no_incoming_request", outcome: "declined" });
  });
}

/** 1 → 0 by either side. */
export function unfriend(actor: Actor, targetId: number) {
  return run(actor, targetId, async ({ viewer, target, relation }): Promise<Step> => {
    if (relation.kind !== "friends") return "not_friends";
    const removed = await commit(
      actor,
      getDb()
        .delete(f)
        .where(
          and(
            eq(f.status, "accepted"),
            or(
              and(eq(f.requesterId, viewer.id), eq(f.addresseeId, target.id)),
              and(eq(f.requesterId, target.id), eq(f.addresseeId, viewer.id)),
            ),
            guard(actor),
          ),
        )
        .returning(),
    );
    if (removed.length === 0) return "not_friends";
    return { status: "ok", outcome: "unfriended", relation: none };
  });
}

/**
 * DELETE /api/v1/user/{id}/friend (decision 022): whatever undoes the current relation:
 * cancel an outgoing request, decline an incoming one, or unfriend.
 */
export async function removeFriendRelation(actor: Actor, targetId: number): Promise<FriendResult> {
  const pair = await loadPeople(actor, targetId);
  if (typeof pair === "string") return { status: pair };
  switch (pair.relation.kind) {
    case "friends":
      return unfriend(actor, targetId);
    case "incoming":
      return declineFriendRequest(actor, targetId);
    default:
      return cancelFriendRequest(actor, targetId);
  }
}
