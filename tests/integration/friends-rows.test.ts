import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { FRIENDS_PAGE_SIZE, listFriendships, REQUESTS_PREVIEW } from "~/server/friends/friends-list.server";
import { avatarUrl } from "~/server/users/avatar";
import { friendshipRows, makeFriends, makeRequest } from "./friends-support";
import { createUser } from "./helpers";
import { browserFor } from "./settings-support";

/**
 * /profile/friends reads about one row per person it shows (decision 198): each list is a merge
 * of the friendships indexes in name order, stopped at the page, and the names, usernames and
 * avatars are on the friendship row. A viewer with three full lists reads, beyond what a viewer
 * with a few friends reads, little more than one row per extra person shown.
 */
const rowsRead = (response: Response) => Number(response.headers.get("X-D1-Rows-Read"));
let made = 0;

/** `count` people (no password: they never sign in), made in a few statements. */
async function people(count: number, prefix: string) {
  const db = getDb();
  const rows = Array.from({ length: count }, (_, i) => {
    made += 1;
    const unique = `${Date.now().toString(36)}r${made}`;
    return {
      email: `rows-${unique}@example.test`,
      username: `rows_${unique}`,
      // Names out of id order, so that the name order is not the insert order.
      name: `${prefix} ${String((i * 37) % count).padStart(3, "0")}`,
      activatedAt: Date.now(),
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 5) {
    const inserted = await db
      .insert(schema.users)
      .values(rows.slice(i, i + 5))
      .returning({ id: schema.users.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

type Link = { requesterId: number; addresseeId: number; status: "accepted" | "pending" };

async function link(links: Link[]) {
  const db = getDb();
  for (let i = 0; i < links.length; i += 10)
    await db
      .insert(schema.friendships)
      .values(links.slice(i, i + 10).map((row) => ({ ...row, acceptedAt: Date.now() })));
}

async function viewerWith(friends: number, requests: number) {
  const viewer = await createUser({ name: "Rows Viewer" });
  const pals = await people(friends, "Pal");
  const asking = await people(requests, "Asking");
  const asked = await people(requests, "Asked");
  await link([
    // Half the friends asked the viewer, half were asked: both sides of the merge are full.
    ...pals.map(
      (id, i): Link =>
        i % 2
          ? { requesterId: id, addresseeId: viewer.id, status: "accepted" }
          : { requesterId: viewer.id, addresseeId: id, status: "accepted" },
    ),
    ...asking.map((id): Link => ({ requesterId: id, addresseeId: viewer.id, status: "pending" })),
    ...asked.map((id): Link => ({ requesterId: viewer.id, addresseeId: id, status: "pending" })),
  ]);
  return viewer;
}

async function friendsPage(viewer: Awaited<ReturnType<typeof createUser>>) {
  const browser = await browserFor(viewer);
  await browser.get("/profile/friends");
  const response = await browser.get("/profile/friends");
  expect(response.status).toBe(200);
  const html = await response.text();
  return { rows: rowsRead(response), shown: html.split('class="person-row"').length - 1, html };
}

describe("/profile/friends reads about a row per person shown (decision 198)", () => {
  it("three full lists read little more than a row per extra person", { timeout: 120_000 }, async () => {
    const few = await friendsPage(await viewerWith(3, 1));
    const many = await friendsPage(await viewerWith(3 * FRIENDS_PAGE_SIZE, FRIENDS_PAGE_SIZE + 5));
    expect(few.shown).toBe(5);
    // Friends and sent requests a page each; the requests for the viewer, the newest few (decision 221).
    expect(many.shown).toBe(2 * FRIENDS_PAGE_SIZE + REQUESTS_PREVIEW);
    // "See all requests (N)" counts the requests waiting: an index row each (up to 100), shown or not.
    const counted = FRIENDS_PAGE_SIZE + 5 - 1;
    const perPerson = (many.rows - few.rows - counted) / (many.shown - few.shown);
    console.log(
      `friends page: ${few.rows} rows for ${few.shown} people, ${many.rows} for ${many.shown}: ${perPerson.toFixed(2)} per person`,
    );
    expect(perPerson).toBeLessThanOrEqual(1.2);
    // The page is still in name order, by the names the friendships keep.
    const names = [...many.html.matchAll(/<strong>(Pal \d{3})<\/strong>/g)].map((match) => match[1]);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe("Pal 000");
  });

  it("keeps each side's username and avatar on the friendship, and a deleted account's friendships go", async () => {
    const a = await createUser({ name: "Ann Copy", avatar: "avatars/ann-1.webp" });
    const b = await createUser({ name: "Bo Copy" });
    const c = await createUser({ name: "Cy Copy" });
    await makeFriends(a.id, b.id);
    await makeRequest(c.id, a.id);
    expect(await friendshipRows(a.id, b.id)).toEqual([
      expect.objectContaining({
        requesterUsername: a.username,
        requesterAvatar: "avatars/ann-1.webp",
        addresseeUsername: b.username,
        addresseeAvatar: "default",
      }),
    ]);
    // A new username and picture reach every friendship of the person, on both sides.
    await getDb()
      .update(schema.users)
      .set({ username: "ann_renamed", avatar: "avatars/ann-2.webp" })
      .where(eq(schema.users.id, a.id));
    const ofB = await listFriendships(b.id);
    expect(ofB.friends.people).toEqual([
      expect.objectContaining({
        id: a.id,
        name: "Ann Copy",
        username: "ann_renamed",
        avatar: avatarUrl("avatars/ann-2.webp"),
      }),
    ]);
    const ofA = await listFriendships(a.id);
    expect(ofA.friends.people).toEqual([expect.objectContaining({ id: b.id, username: b.username })]);
    expect(ofA.incoming.people).toEqual([expect.objectContaining({ id: c.id, username: c.username })]);
    // An account marked deleted, by any writer, leaves nobody's lists.
    await getDb().update(schema.users).set({ deletedAt: Date.now() }).where(eq(schema.users.id, a.id));
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
    expect(await friendshipRows(a.id, c.id)).toEqual([]);
    expect((await listFriendships(b.id)).friends.people).toEqual([]);
    // Nor is a friendship stored with an account already deleted.
    await makeFriends(c.id, a.id);
    expect(await friendshipRows(a.id, c.id)).toEqual([]);
  });
});
