import { and, inArray } from "drizzle-orm";
import { batch, type Query, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import type { NotificationWrite } from "~/server/notifications/notification-writes.server";
import { deliverAfterCommit, noticeParts } from "~/server/notifications/notifier.server";
import { activeUser } from "~/server/users/active-user.server";
import { type Actor, currentTokenQuery, requireCurrentToken, tokenIsCurrent } from "~/server/users/session-user.server";
import type { FriendOutcome, FriendProblem, FriendResult } from "./friends.server";
import { cardColumns, pairRows, type Relation, relationOf, toUserInfo, type UserCard } from "./relation.server";

/**
 * How one friend change runs (friends.server.ts has the changes themselves): the pair is read
 * with the actor's token check, the change and its notifications commit in one batch, and the
 * answer is how the pair stands afterwards (decisions 022, 042, 070).
 */

const u = schema.users;

export type Pair = { viewer: UserCard; target: UserCard; relation: Relation };
export type Step = { status: "ok"; outcome: FriendOutcome; relation: Relation } | FriendProblem;

export async function loadPeople(actor: Actor, targetId: number): Promise<Pair | "not_found" | "self"> {
  if (actor.id === targetId) return "self";
  const db = getDb();
  const { current, people, rows } = await batch({
    current: currentTokenQuery(actor.id, actor.tokenVersion),
    people: db
      .select(cardColumns)
      .from(u)
      .where(and(inArray(u.id, [actor.id, targetId]), activeUser())),
    rows: pairRows(actor.id, targetId),
  });
  requireCurrentToken(current);
  const viewer = people.find((person) => person.id === actor.id);
  const target = people.find((person) => person.id === targetId);
  if (!viewer || !target) return "not_found";
  return { viewer, target, relation: relationOf(actor.id, rows) };
}

export async function run(actor: Actor, targetId: number, step: (pair: Pair) => Promise<Step>): Promise<FriendResult> {
  const pair = await loadPeople(actor, targetId);
  if (typeof pair === "string") return { status: pair };
  const result = await step(pair);
  if (typeof result === "string") {
    // Someone may have changed the pair meanwhile: answer with how things stand now.
    const now = relationOf(actor.id, await single(pairRows(actor.id, targetId)));
    return { status: result, user: toUserInfo(pair.target, now) };
  }
  return { status: "ok", outcome: result.outcome, user: toUserInfo(pair.target, result.relation) };
}

/**
 * The change (guarded by the actor's token in its WHERE) and the notifications it causes, in
 * one batch: one round trip, one transaction (decision 070). The notifications are written
 * only where their `when` sees the change made; open sockets hear of them after the commit,
 * off the request path (the notifier, decision 119).
 * Answers the change's RETURNING rows.
 */
export async function commit(actor: Actor, change: Query, notices: NotificationWrite[] = []) {
  const { current, changed, ...results } = await batch({
    current: currentTokenQuery(actor.id, actor.tokenVersion),
    changed: change,
    ...noticeParts(notices),
  });
  requireCurrentToken(current);
  deliverAfterCommit(notices, results);
  return changed as unknown[];
}

export const guard = (actor: Actor) => tokenIsCurrent(actor.id, actor.tokenVersion);
