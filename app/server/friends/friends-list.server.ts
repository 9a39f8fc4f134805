import { type SQL, sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { avatarUrl } from "~/server/users/avatar";

export type FriendEntry = { id: number; name: string; username: string | null; avatar: string; since: number };

/**
 * People shown in each list of /profile/friends at a time, as in the app's other lists (decision
 * 215); the next ones are a link away.
 */
export const FRIENDS_PAGE_SIZE = 20;

export type FriendList = "friends" | "incoming" | "outgoing";

/** Where each list starts: after the person with this id (the last one of the page before). */
export type FriendCursors = Partial<Record<FriendList, number>>;

/** One page of a list and the id to continue after, or null when the list ends there. */
export type FriendPage = { people: FriendEntry[]; next: number | null };

type Row = { id: number; name: string; username: string | null; avatar: string | null; since: number };

/**
 * One side of the viewer's friendships with `status`, by the other person's name, from `after`
 * on: a range of `friendships_requester_name` or `friendships_addressee_name` (decision 191),
 * which also carry the other person's username and avatar (decision 198). Triggers (migrations
 * 0036, 0039) keep those copies equal to the user's row, and a deleted account has no
 * friendships left, so the person is not looked up.
 */
function side(userId: number, mine: "requester" | "addressee", status: string, after: number | undefined) {
  const other = mine === "requester" ? "addressee" : "requester";
  const [me, id, name, username, avatar] = [
    `f.${mine}_id`,
    `f.${other}_id`,
    `f.${other}_name`,
    `f.${other}_username`,
    `f.${other}_avatar`,
  ].map((column) => sql.raw(column));
  const from =
    after === undefined
      ? sql``
      : sql`AND (${name}, ${id}) > (coalesce((SELECT u.name FROM users u WHERE u.id = ${after}), ''), ${after})`;
  return sql`SELECT ${id} AS id, ${name} AS name, ${username} AS username, ${avatar} AS avatar,
    coalesce(f.accepted_at, f.created_at) AS since
    FROM friendships f WHERE ${me} = ${userId} AND f.status = ${status} ${from}`;
}

/**
 * A page of people from the sides given, by name then id. The sides are one compound SELECT
 * whose ORDER BY SQLite runs as a merge of the index ranges, stopped at the page's LIMIT
 * (decision 198): a page reads about its own index rows and one more, where it read as many from
 * each side, looked every one of them up in users and sorted them.
 */
function pageQuery(sides: SQL[]) {
  return sqlRows<Row>(sql`${sql.join(sides, sql` UNION ALL `)} ORDER BY name, id LIMIT ${FRIENDS_PAGE_SIZE + 1}`);
}

const toPage = (rows: Row[]): FriendPage => {
  const people = rows.slice(0, FRIENDS_PAGE_SIZE).map(
    (row): FriendEntry => ({
      id: row.id,
      name: row.name,
      username: row.username,
      avatar: avatarUrl(row.avatar),
      since: row.since,
    }),
  );
  return { people, next: rows.length > FRIENDS_PAGE_SIZE ? people.at(-1)!.id : null };
};

/**
 * /profile/friends: accepted friends (either side asked) and pending requests, both ways, each
 * by name a page at a time (decision 191: a page reads its own rows, however many friends).
 * Read-only; sending and answering requests is the friends service's job (SPEC §4, §8).
 */
export async function listFriendships(
  userId: number,
  after: FriendCursors = {},
): Promise<Record<FriendList, FriendPage>> {
  // A batch, not lone selects: it joins the request's one round trip (decision 104).
  const { friends, incoming, outgoing } = await batch({
    friends: pageQuery([
      side(userId, "requester", "accepted", after.friends),
      side(userId, "addressee", "accepted", after.friends),
    ]),
    incoming: pageQuery([side(userId, "addressee", "pending", after.incoming)]),
    outgoing: pageQuery([side(userId, "requester", "pending", after.outgoing)]),
  });
  return { friends: toPage(friends), incoming: toPage(incoming), outgoing: toPage(outgoing) };
}
