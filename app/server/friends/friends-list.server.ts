import { and, asc, eq, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "~/server/users/avatar";

export type FriendEntry = { id: number; name: string; username: string | null; avatar: string; since: number };

/**
 * /profile/friends: accepted friends (either side asked) and pending requests, both ways.
 * Read-only; sending and answering requests is the friends service's job (SPEC §4, §8).
 */
export async function listFriendships(userId: number) {
  const other = alias(schema.users, "other");
  const f = schema.friendships;
  // A batch, not a lone select: it joins the request's one round trip (decision 104).
  const { rows } = await batch({
    rows: getDb()
      .select({
        requesterId: f.requesterId,
        status: f.status,
        createdAt: f.createdAt,
        acceptedAt: f.acceptedAt,
        id: other.id,
        name: other.name,
        username: other.username,
        avatar: other.avatar,
      })
      .from(f)
      .innerJoin(
        other,
        and(
          or(
            and(eq(f.requesterId, userId), eq(other.id, f.addresseeId)),
            and(eq(f.addresseeId, userId), eq(other.id, f.requesterId)),
          ),
          isNull(other.deletedAt),
        ),
      )
      .where(or(eq(f.requesterId, userId), eq(f.addresseeId, userId)))
      .orderBy(asc(other.name), asc(other.id)),
  });

  const entry = (row: (typeof rows)[number]): FriendEntry => ({
    id: row.id,
    name: row.name,
    username: row.username,
    avatar: avatarUrl(row.avatar),
    since: row.acceptedAt ?? row.createdAt,
  });
  return {
    friends: rows.filter((row) => row.status === "accepted").map(entry),
    incoming: rows.filter((row) => row.status === "pending" && row.requesterId !== userId).map(entry),
    outgoing: rows.filter((row) => row.status === "pending" && row.requesterId === userId).map(entry),
  };
}
