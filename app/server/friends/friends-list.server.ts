import { type SQL, sql } from "drizzle-orm";
import { batch, preparedRows, type Statement } from "~/server/db/batch.server";
import { avatarUrl } from "~/server/users/avatar";

export type FriendEntry = { id: number; name: string; username: string | null; avatar: string; since: number };

/**
 * People shown in each list of /profile/friends at a time, as in the app's other lists (decision
 * 215); the next ones are a link away.
 */
export const FRIENDS_PAGE_SIZE = 20;

/**
 * Requests for the viewer shown on the page's first view, the newest first; "See all requests"
 * pages through the rest, FRIENDS_PAGE_SIZE at a time (decision 221).
 */
export const REQUESTS_PREVIEW = 3;

/** Requests counted for "See all requests (N)": past this the link says "99+" (as the badges do). */
export const REQUESTS_COUNTED = 100;

export type FriendList = "friends" | "incoming" | "outgoing";

/**
 * Where each list starts: friends and sent requests after the person with this id (the last one
 * of the page before, by name); requests for the viewer, newest first, after the request made at
 * `createdAt` by `id`. `all`: requests for the viewer a full page at a time, not the newest few.
 */
export type FriendCursors = {
  friends?: number;
  outgoing?: number;
  incoming?: RequestCursor;
  all?: boolean;
};

export type RequestCursor = { createdAt: number; id: number };

/** One page of a list and where to continue after, or null when the list ends there. */
export type FriendPage<Cursor = number> = { people: FriendEntry[]; next: Cursor | null };

/** Requests for the viewer: the page, and how many wait in all (counted up to REQUESTS_COUNTED). */
export type RequestsPage = FriendPage<RequestCursor> & { total: number | null };

type Row = { id: number; name: string; username: string | null; avatar: string | null; since: number };

const me = sql.placeholder("me");
const after = sql.placeholder("after");

/**
 * One side of the viewer's friendships with `status`, by the other person's name, from the
 * `after` placeholder on when `paged`: a range of `friendships_requester_name` or
 * `friendships_addressee_name` (decision 191), which also carry the other person's username and
 * avatar (decision 198). Triggers (migrations 0036, 0039) keep those copies equal to the user's
 * row, and a deleted account has no friendships left, so the person is not looked up.
 */
function side(mine: "requester" | "addressee", status: string, paged: boolean) {
  const other = mine === "requester" ? "addressee" : "requester";
  const [own, id, name, username, avatar] = [
    `f.${mine}_id`,
    `f.${other}_id`,
    `f.${other}_name`,
    `f.${other}_username`,
    `f.${other}_avatar`,
  ].map((column) => sql.raw(column));
  const from = paged
    ? sql`AND (${name}, ${id}) > (coalesce((SELECT u.name FROM users u WHERE u.id = ${after}), ''), ${after})`
    : sql``;
  return sql`SELECT ${id} AS id, ${name} AS name, ${username} AS username, ${avatar} AS avatar,
    coalesce(f.accepted_at, f.created_at) AS since
    FROM friendships f WHERE ${own} = ${me} AND f.status = ${status} ${from}`;
}

/**
 * A page of people from the sides given, by name then id. The sides are one compound SELECT
 * whose ORDER BY SQLite runs as a merge of the index ranges, stopped at the page's LIMIT
 * (decision 198): a page reads about its own index rows and one more, where it read as many from
 * each side, looked every one of them up in users and sorted them.
 */
function pageQuery(sides: SQL[]) {
  return sql`${sql.join(sides, sql` UNION ALL `)} ORDER BY name, id LIMIT ${FRIENDS_PAGE_SIZE + 1}`;
}

/**
 * Requests for the viewer, newest first, from `friendships_requests_newest` (pending rows only,
 * covering): `limit` of them from the cursor (`created`, `after`) on when `paged`. The first view
 * also counts the requests waiting, up to REQUESTS_COUNTED index rows (once: the subquery does
 * not depend on the row).
 */
function requestsQuery(paged: boolean, counted: boolean) {
  const from = paged ? sql`AND (f.created_at, f.requester_id) < (${sql.placeholder("created")}, ${after})` : sql``;
  const total = counted
    ? sql`(SELECT count(*) FROM (SELECT 1 FROM friendships c WHERE c.addressee_id = ${me} AND c.status = 'pending' LIMIT ${REQUESTS_COUNTED}))`
    : sql`NULL`;
  return sql`SELECT f.requester_id AS id, f.requester_name AS name, f.requester_username AS username,
    f.requester_avatar AS avatar, f.created_at AS since, ${total} AS total
    FROM friendships f WHERE f.addressee_id = ${me} AND f.status = 'pending' ${from}
    ORDER BY f.created_at DESC, f.requester_id DESC LIMIT ${sql.placeholder("limit")}`;
}

// Each shape compiled once per isolate (decisions 213, 218): drizzle otherwise builds the text anew.
const friendsFirst = preparedRows<Row>(() =>
  pageQuery([side("requester", "accepted", false), side("addressee", "accepted", false)]),
);
const friendsAfter = preparedRows<Row>(() =>
  pageQuery([side("requester", "accepted", true), side("addressee", "accepted", true)]),
);
const outgoingFirst = preparedRows<Row>(() => pageQuery([side("requester", "pending", false)]));
const outgoingAfter = preparedRows<Row>(() => pageQuery([side("requester", "pending", true)]));
const requestsPreview = preparedRows<Row & { total: number }>(() => requestsQuery(false, true));
const requestsFirst = preparedRows<Row>(() => requestsQuery(false, false));
const requestsAfter = preparedRows<Row>(() => requestsQuery(true, false));

const entry = (row: Row): FriendEntry => ({
  id: row.id,
  name: row.name,
  username: row.username,
  avatar: avatarUrl(row.avatar),
  since: row.since,
});

const toPage = (rows: Row[]): FriendPage => {
  const people = rows.slice(0, FRIENDS_PAGE_SIZE).map(entry);
  return { people, next: rows.length > FRIENDS_PAGE_SIZE ? people.at(-1)!.id : null };
};

function requests(userId: number, cursor: RequestCursor | undefined, all: boolean) {
  if (!all) return requestsPreview({ me: userId, limit: REQUESTS_PREVIEW });
  const limit = FRIENDS_PAGE_SIZE + 1;
  return cursor
    ? requestsAfter({ me: userId, limit, created: cursor.createdAt, after: cursor.id })
    : requestsFirst({ me: userId, limit });
}

function toRequests(rows: (Row & { total?: number | null })[], all: boolean): RequestsPage {
  if (!all) return { people: rows.map(entry), next: null, total: rows[0]?.total ?? 0 };
  const people = rows.slice(0, FRIENDS_PAGE_SIZE).map(entry);
  const last = rows.length > FRIENDS_PAGE_SIZE ? people.at(-1)! : null;
  return { people, next: last && { createdAt: last.since, id: last.id }, total: null };
}

/**
 * /profile/friends: accepted friends (either side asked) and sent requests, each by name a page at
 * a time (decision 191: a page reads its own rows, however many friends), and the requests for
 * the viewer, the newest few with their number, or all of them a page at a time (decision 221).
 * Read-only; sending and answering requests is the friends service's job (SPEC §4, §8).
 */
export async function listFriendships(
  userId: number,
  cursors: FriendCursors = {},
): Promise<{ friends: FriendPage; incoming: RequestsPage; outgoing: FriendPage }> {
  const all = cursors.all === true;
  const page = (first: typeof friendsFirst, next: typeof friendsAfter, at: number | undefined): Statement<Row[]> =>
    at === undefined ? first({ me: userId }) : next({ me: userId, after: at });
  // A batch, not lone selects: it joins the request's one round trip (decision 104).
  const { friends, incoming, outgoing } = await batch({
    friends: page(friendsFirst, friendsAfter, cursors.friends),
    incoming: requests(userId, cursors.incoming, all),
    outgoing: page(outgoingFirst, outgoingAfter, cursors.outgoing),
  });
  return { friends: toPage(friends), incoming: toRequests(incoming, all), outgoing: toPage(outgoing) };
}
