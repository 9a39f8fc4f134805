import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import {
  FRIENDS_PAGE_SIZE,
  listFriendships,
  REQUESTS_COUNTED,
  REQUESTS_PREVIEW,
  type RequestCursor,
} from "~/server/friends/friends-list.server";
import { friendshipRows, makeFriends, makeRequest } from "./friends-support";
import { createUser } from "./helpers";
import { browserFor } from "./settings-support";

/**
 * /profile/friends reads each list by name from an index, a page at a time (decision 191): the
 * names on friendships are kept by triggers, the pages together are the whole list in the old
 * order (name, then id, whichever side asked), and the page links work without JavaScript.
 */
async function friendsOf(viewerId: number) {
  const all = [];
  let after: number | undefined;
  for (let pages = 0; pages < 10; pages += 1) {
    const { friends } = await listFriendships(viewerId, after === undefined ? {} : { friends: after });
    all.push(...friends.people);
    if (friends.next === null) return { all, pages: pages + 1 };
    expect(friends.people).toHaveLength(FRIENDS_PAGE_SIZE);
    after = friends.next;
  }
  throw new Error("more pages than friends");
}

describe("the friends list by name, a page at a time (decision 191)", () => {
  it("pages through friends of both sides in name then id order, with requests apart", {
    timeout: 120_000,
  }, async () => {
    const viewer = await createUser({ name: "Viewer Person" });
    const people = [];
    // 120 friends, names out of order and some shared, half asked by the viewer, half asking.
    for (let i = 0; i < 120; i += 1) {
      const person = await createUser({ name: `Friend ${String((i * 37) % 60).padStart(2, "0")}` });
      people.push(person);
      if (i % 2 === 0) await makeFriends(viewer.id, person.id);
      else await makeFriends(person.id, viewer.id);
    }
    const asking = await createUser({ name: "Asking Person" });
    const asked = await createUser({ name: "Asked Person" });
    await makeRequest(asking.id, viewer.id);
    await makeRequest(viewer.id, asked.id);

    const { all, pages } = await friendsOf(viewer.id);
    expect(pages).toBe(Math.ceil(120 / FRIENDS_PAGE_SIZE));
    const expected = [...people].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    expect(all.map((person) => person.id)).toEqual(expected.map((person) => person.id));
    expect(all.map((person) => person.name)).toEqual(expected.map((person) => person.name));

    const lists = await listFriendships(viewer.id);
    expect(lists.incoming).toEqual({ people: [expect.objectContaining({ id: asking.id })], next: null, total: 1 });
    expect(lists.outgoing).toEqual({ people: [expect.objectContaining({ id: asked.id })], next: null });
  });

  it("keeps each side's name on the friendship: set on insert, changed with the user's name", async () => {
    const a = await createUser({ name: "Zed Requester" });
    const b = await createUser({ name: "Amy Addressee" });
    await makeFriends(a.id, b.id);
    expect(await friendshipRows(a.id, b.id)).toEqual([
      expect.objectContaining({ requesterName: "Zed Requester", addresseeName: "Amy Addressee" }),
    ]);
    await getDb().update(schema.users).set({ name: "Abe Requester" }).where(eq(schema.users.id, a.id));
    await getDb().update(schema.users).set({ name: "Yara Addressee" }).where(eq(schema.users.id, b.id));
    expect(await friendshipRows(a.id, b.id)).toEqual([
      expect.objectContaining({ requesterName: "Abe Requester", addresseeName: "Yara Addressee" }),
    ]);
    // The renamed friend moves in the list: by the new name, not the old one.
    const c = await createUser({ name: "Mia Middle" });
    await makeFriends(c.id, b.id);
    const { friends } = await listFriendships(b.id);
    expect(friends.people.map((person) => person.name)).toEqual(["Abe Requester", "Mia Middle"]);
  });

  it("links to the next page of friends, without JavaScript", {
    timeout: 60_000,
  }, async () => {
    const viewer = await createUser({ name: "Paging Viewer" });
    for (let i = 0; i < FRIENDS_PAGE_SIZE + 3; i += 1) {
      const person = await createUser({ name: `Pal ${String(i).padStart(3, "0")}` });
      await makeFriends(person.id, viewer.id);
    }
    const browser = await browserFor(viewer);
    const first = await (await browser.get("/profile/friends")).text();
    expect(first).toContain("Pal 000");
    expect(first).toContain(`Pal ${String(FRIENDS_PAGE_SIZE - 1).padStart(3, "0")}`);
    expect(first).not.toContain(`Pal ${String(FRIENDS_PAGE_SIZE).padStart(3, "0")}`);
    const link = /<a [^>]*href="(\/profile\/friends\?friends=\d+#friends-list)"[^>]*>More friends<\/a>/.exec(first);
    expect(link, "a link to the next page of friends").not.toBeNull();
    const second = await (await browser.get(link![1]!.replaceAll("&amp;", "&"))).text();
    for (let i = FRIENDS_PAGE_SIZE; i < FRIENDS_PAGE_SIZE + 3; i += 1)
      expect(second).toContain(`Pal ${String(i).padStart(3, "0")}`);
    expect(second).not.toContain("Pal 000<");
    expect(second).not.toContain("More friends");
  });
});

/** `count` people asking `viewerId` to be friends, two at a time each: asker i at `base + ⌊i/2⌋` s. */
async function askers(viewerId: number, count: number, base: number) {
  const db = getDb();
  const stamp = Date.now().toString(36);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 10) {
    const rows = Array.from({ length: Math.min(10, count - i) }, (_, j) => ({
      email: `asker-${stamp}-${i + j}@example.test`,
      username: `asker_${stamp}_${i + j}`,
      name: `Asker ${String(i + j).padStart(3, "0")}`,
      activatedAt: Date.now(),
    }));
    ids.push(...(await db.insert(schema.users).values(rows).returning({ id: schema.users.id })).map((row) => row.id));
  }
  for (let i = 0; i < count; i += 10)
    await db.insert(schema.friendships).values(
      ids.slice(i, i + 10).map((id, j) => ({
        requesterId: id,
        addresseeId: viewerId,
        status: "pending" as const,
        createdAt: base + Math.floor((i + j) / 2) * 1000,
      })),
    );
  return ids.map((id, i) => ({ id, createdAt: base + Math.floor(i / 2) * 1000 }));
}

describe("requests for the viewer: the newest few, and all of them newest first (decision 221)", () => {
  it("shows the newest few with their number, and pages through all without losing a tie", {
    timeout: 120_000,
  }, async () => {
    const viewer = await createUser({ name: "Asked Often" });
    const asking = await askers(viewer.id, REQUESTS_COUNTED + 1, Date.now() - 86_400_000);
    // Newest first; two asked in the same millisecond by the later id first.
    const newest = [...asking].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((one) => one.id);

    const first = await listFriendships(viewer.id);
    expect(first.incoming.people.map((person) => person.id)).toEqual(newest.slice(0, REQUESTS_PREVIEW));
    // Counted up to REQUESTS_COUNTED: "See all requests (99+)".
    expect(first.incoming).toMatchObject({ next: null, total: REQUESTS_COUNTED });

    const all: number[] = [];
    let after: RequestCursor | undefined;
    for (let pages = 0; ; pages += 1) {
      expect(pages).toBeLessThan(10);
      const { incoming } = await listFriendships(viewer.id, { all: true, incoming: after });
      expect(incoming.total).toBeNull();
      all.push(...incoming.people.map((person) => person.id));
      if (incoming.next === null) break;
      expect(incoming.people).toHaveLength(FRIENDS_PAGE_SIZE);
      after = incoming.next;
    }
    expect(all).toEqual(newest);

    // Without JavaScript: the newest few and a link to all of them; their pages go on by link.
    const browser = await browserFor(viewer);
    const page = await (await browser.get("/profile/friends")).text();
    const shown = (html: string) => html.split('aria-labelledby="friends-incoming"')[1]!.split("</section>")[0]!;
    expect(shown(page).split('class="person-row"')).toHaveLength(REQUESTS_PREVIEW + 1);
    const seeAll = /<a [^>]*href="([^"]+)"[^>]*>See all requests \(99\+\)<\/a>/.exec(shown(page));
    expect(seeAll?.[1]).toBe("/profile/friends?requests=all#friends-incoming");
    const allPage = await (await browser.get(seeAll![1]!)).text();
    expect(shown(allPage).split('class="person-row"')).toHaveLength(FRIENDS_PAGE_SIZE + 1);
    const more = /<a [^>]*href="([^"]+)"[^>]*>More requests<\/a>/.exec(shown(allPage));
    expect(more?.[1]).toMatch(/^\/profile\/friends\?requests=all&amp;incoming=\d+\.\d+#friends-incoming$/);
    const second = await (await browser.get(more![1]!.replaceAll("&amp;", "&"))).text();
    const next = asking.findIndex((one) => one.id === newest[FRIENDS_PAGE_SIZE]);
    expect(shown(second)).toContain(`<strong>Asker ${String(next).padStart(3, "0")}</strong>`);
    expect(shown(second).split('class="person-row"')).toHaveLength(FRIENDS_PAGE_SIZE + 1);

    // A cursor typed or cut short by hand is no cursor: the list from its newest, never an error.
    const newestName = `<strong>Asker ${String(asking.findIndex((one) => one.id === newest[0])).padStart(3, "0")}</strong>`;
    for (const query of ["incoming=garbage", "incoming=-1.-1", "incoming=17.", "friends=abc&outgoing=-3"]) {
      const response = await browser.get(`/profile/friends?requests=all&${query}`);
      expect(response.status, query).toBe(200);
      expect(shown(await response.text()), query).toContain(newestName);
    }
  });
});
