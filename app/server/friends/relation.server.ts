import { and, eq, inArray, or } from "drizzle-orm";
import { FriendStatus, type UserInfo } from "~/lib/friend-status";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";

const u = schema.users;
const f = schema.friendships;

export type FriendshipRow = typeof f.$inferSelect;

/**
 * How two people stand, from the viewer's side. At most one row exists per pair: sending
 * refuses to insert when the reverse row exists (friends.server.ts).
 */
export type Relation =
  | { kind: "none" }
  | { kind: "friends"; row: FriendshipRow }
  | { kind: "outgoing"; row: FriendshipRow }
  | { kind: "incoming"; row: FriendshipRow };

export const cardColumns = { id: u.id, name: u.name, username: u.username, avatar: u.avatar };
export type UserCard = { id: number; name: string; username: string | null; avatar: string };

export function relationOf(viewerId: number, rows: FriendshipRow[]): Relation {
  const accepted = rows.find((row) => row.status === "accepted");
  if (accepted) return { kind: "friends", row: accepted };
  const outgoing = rows.find((row) => row.requesterId === viewerId);
  if (outgoing) return { kind: "outgoing", row: outgoing };
  const incoming = rows.find((row) => row.addresseeId === viewerId);
  return incoming ? { kind: "incoming", row: incoming } : { kind: "none" };
}

export function statusOf(relation: Pick<Relation, "kind">): Pick<UserInfo, "friendStatus" | "direction"> {
  switch (relation.kind) {
    case "friends":
      return { friendStatus: FriendStatus.Friends, direction: null };
    case "outgoing":
      return { friendStatus: FriendStatus.Pending, direction: "outgoing" };
    case "incoming":
      return { friendStatus: FriendStatus.Pending, direction: "incoming" };
    case "none":
      return { friendStatus: FriendStatus.NotFriends, direction: null };
  }
}

export function toUserInfo(card: UserCard, relation: Pick<Relation, "kind">): UserInfo {
  return {
    id: card.id,
    avatar: avatarUrl(card.avatar),
    name: card.name,
    username: card.username,
    ...statusOf(relation),
  };
}

/** The friendship rows between the viewer and these people, in either direction (batchable). */
function rowsWith(viewerId: number, others: number[]) {
  return getDb()
    .select()
    .from(f)
    .where(
      or(
        and(eq(f.requesterId, viewerId), inArray(f.addresseeId, others)),
        and(eq(f.addresseeId, viewerId), inArray(f.requesterId, others)),
      ),
    );
}

export function pairRows(viewerId: number, targetId: number) {
  return rowsWith(viewerId, [targetId]);
}

/** The target (if available) and how the viewer stands with them, in one round trip. */
export async function loadPair(viewerId: number, targetId: number) {
  const db = getDb();
  const { targets, rows } = await batch({
    targets: db
      .select(cardColumns)
      .from(u)
      .where(and(eq(u.id, targetId), activeUser())),
    rows: pairRows(viewerId, targetId),
  });
  const target = targets[0];
  return target ? { target, relation: relationOf(viewerId, rows) } : null;
}

/** GET /api/v1/user/{id} and the public profile: null for unknown, deleted or unactivated. */
export async function getUserInfo(viewerId: number, targetId: number): Promise<UserInfo | null> {
  const pair = await loadPair(viewerId, targetId);
  return pair ? toUserInfo(pair.target, pair.relation) : null;
}

/** friendStatus for many people at once (a feed's authors, search results): one query. */
export async function relationsWith(viewerId: number, ids: number[]): Promise<Map<number, Relation>> {
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  const relations = new Map<number, Relation>();
  if (others.length === 0) return relations;
  const rows = await rowsWith(viewerId, others);
  for (const id of others) {
    relations.set(
      id,
      relationOf(
        viewerId,
        rows.filter((row) => row.requesterId === id || row.addresseeId === id),
      ),
    );
  }
  return relations;
}

/** Cards (already loaded) with the viewer's friendStatus added. */
export async function withFriendStatus(viewerId: number, cards: UserCard[]): Promise<UserInfo[]> {
  const relations = await relationsWith(
    viewerId,
    cards.map((card) => card.id),
  );
  return cards.map((card) => toUserInfo(card, relations.get(card.id) ?? { kind: "none" }));
}

/** The cards of these people (the available ones) with the viewer's friendStatus, by id. */
export async function loadUserInfos(viewerId: number, ids: number[]): Promise<Map<number, UserInfo>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const cards = await single(
    getDb()
      .select(cardColumns)
      .from(u)
      .where(and(inArray(u.id, wanted), activeUser())),
  );
  const infos = await withFriendStatus(viewerId, cards);
  return new Map(infos.map((info) => [info.id, info]));
}
