import { describe, expect, it } from "vitest";
import { fanOutNewPost } from "~/server/content/fan-out.server";
import { encodeCursor, postCardsQuery } from "~/server/content/post-cards.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { loadNewsfeed, NEWSFEED_PAGE_SIZE, newsfeedPageSize, newsfeedRows } from "~/server/feed/newsfeed.server";
import { addMember, cast, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { connect } from "./realtime-support";
import { browserFor, pageText } from "./settings-support";

async function postAt(communityId: number, authorId: number, body: string, createdAt: number) {
  const [row] = await getDb().insert(schema.posts).values({ communityId, authorId, body, createdAt }).returning();
  return row!;
}

/** `count` posts in one batch (D1 binds at most 100 values per statement); `at(i)` gives the i-th post's timestamp. */
async function manyPosts(
  communityId: number,
  authorId: number,
  count: number,
  label: string,
  at: (i: number) => number,
) {
  const db = getDb();
  const rows = Array.from({ length: count }, (_, i) => ({
    communityId,
    authorId,
    body: `${label} ${i}`,
    createdAt: at(i),
  }));
  const chunks = Array.from({ length: Math.ceil(count / 15) }, (_, k) =>
    db
      .insert(schema.posts)
      .values(rows.slice(k * 15, k * 15 + 15))
      .returning({ id: schema.posts.id }),
  );
  return (await db.batch(chunks as [(typeof chunks)[number], ...(typeof chunks)[number][]])).flat();
}

/** `count` posts with two comments and two likes each, so every post has work for the per-post subqueries. */
async function busyPosts(
  communityId: number,
  authorId: number,
  likerId: number,
  count: number,
  at: (i: number) => number,
) {
  const db = getDb();
  const posts = await manyPosts(communityId, authorId, count, "busy", at);
  const comments = posts.flatMap(({ id }) =>
    [1, 2].map((n) => ({ postId: id, authorId: likerId, body: `reply ${n}` })),
  );
  const likes = posts.flatMap(({ id }) =>
    [authorId, likerId].map((userId) => ({ userId, targetType: "post" as const, targetId: id })),
  );
  const statements = [];
  for (let k = 0; k < comments.length; k += 20)
    statements.push(db.insert(schema.comments).values(comments.slice(k, k + 20)));
  for (let k = 0; k < likes.length; k += 30) statements.push(db.insert(schema.likes).values(likes.slice(k, k + 30)));
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** The statement with each parameter's value in its place, whether its parameters are numbered (`?2`) or not. */
function withValues({ sql, params }: { sql: string; params: unknown[] }) {
  let next = 0;
  return sql.replace(/\?(\d*)/g, (_, n: string) => JSON.stringify(params[n ? Number(n) - 1 : next++]));
}

describe("the newsfeed", () => {
  it("runs the statement postCardsQuery builds, compiled once and filled in per viewer and cursor (decision 213)", () => {
    // Asked in turn for other viewers, limits and cursors: each time the same SQL and values as
    // the statement built anew for that request, never the values of the first compile.
    for (const [viewer, limit, cursor] of [
      [7, 21, null],
      [8, 41, null],
      [7, 21, { createdAt: 1_700_000_000_000, id: 55 }],
      [9, 21, { createdAt: 1_800_000_000_000, id: 3 }],
      [8, 61, null],
    ] as const) {
      const prepared = newsfeedRows(viewer, cursor, limit);
      const built = postCardsQuery(viewer, { kind: "feed" }, limit, cursor);
      // Numbered by name, each value bound once (decision 223): the same query, value for value.
      expect(withValues(prepared)).toBe(withValues(built));
      expect(prepared.params.length).toBeLessThan(built.params.length);
    }
  });

  it("shows posts of the user's communities only, newest first", { timeout: 20_000 }, async () => {
    const { owner, member, community } = await cast();
    const elsewhere = await makeCommunity(owner.id);
    const base = Date.now() - 60_000;
    await postAt(community.id, owner.id, "older", base);
    await postAt(community.id, owner.id, "newer", base + 1000);
    await postAt(elsewhere.id, owner.id, "not mine", base + 2000);
    const feed = await loadNewsfeed(member.id, null);
    expect(feed.posts.map((post) => post.body)).toEqual(["newer", "older"]);
    expect(feed.endOfFeed).toBe(true);
    expect(feed.postable.map((c) => c.id)).toEqual([community.id]);
  });

  it("pages by cursor with no duplicates or gaps while new posts arrive, and ends", async () => {
    const { owner, member, community } = await cast();
    const base = Date.now() - 3_600_000;
    const total = NEWSFEED_PAGE_SIZE * 2 + 5;
    // Two posts share each timestamp: the id breaks the tie.
    await manyPosts(community.id, owner.id, total, "post", (i) => base + Math.floor(i / 2) * 1000);
    const first = await loadNewsfeed(member.id, null);
    expect(first.posts).toHaveLength(NEWSFEED_PAGE_SIZE);
    expect(first.endOfFeed).toBe(false);
    // Someone posts while the reader scrolls.
    await createPost(owner, community.id, "brand new");
    const second = await loadNewsfeed(member.id, {
      createdAt: first.posts.at(-1)!.createdAt,
      id: first.posts.at(-1)!.id,
    });
    const third = await loadNewsfeed(member.id, {
      createdAt: second.posts.at(-1)!.createdAt,
      id: second.posts.at(-1)!.id,
    });
    expect(third.endOfFeed).toBe(true);
    const seen = [...first.posts, ...second.posts, ...third.posts].map((post) => post.body);
    expect(new Set(seen).size).toBe(total);
    expect(seen).not.toContain("brand new");
    expect(seen[0]).toBe(`post ${total - 1}`);
    expect(seen.at(-1)).toBe("post 0");
  });

  it("reads rows for the page it shows, not for every older post of the user's communities", {
    timeout: 30_000,
  }, async () => {
    const { owner, member, community } = await cast();
    const now = Date.now();
    await busyPosts(community.id, owner.id, member.id, NEWSFEED_PAGE_SIZE, (i) => now - 60_000 + i * 1000);
    const browser = await browserFor(member);
    const rowsRead = async () => {
      const response = await browser.get("/newsfeed");
      expect(response.status).toBe(200);
      return Number(response.headers.get("X-D1-Rows-Read"));
    };
    const onePage = await rowsRead();
    // 100 older posts, each with comments and likes, behind the first page.
    await busyPosts(community.id, owner.id, member.id, 100, (i) => now - 7_200_000 + i * 1000);
    const behind = await rowsRead();
    // Choosing the page may look at each older post once; counting their comments and likes
    // (four rows a post, over 400 in all) would mean the subqueries ran for posts not shown.
    expect(behind - onePage).toBeLessThan(150);
  });

  it("renders the composer, a Load more link without JavaScript and the end text", { timeout: 40_000 }, async () => {
    const { owner, member, community } = await cast();
    const base = Date.now() - 7_200_000;
    await manyPosts(community.id, owner.id, NEWSFEED_PAGE_SIZE + 1, "item", (i) => base + i * 1000);
    const browser = await browserFor(member);
    const html = await (await browser.get("/newsfeed")).text();
    expect(html).toContain('action="/content"');
    // The page's first screen (decision 220), not the API's page.
    const first = await loadNewsfeed(member.id, null, newsfeedPageSize(null));
    const next = encodeCursor(first.posts.at(-1)!);
    // Without JavaScript "Load more" grows this page by one page, back at the last post (decision 124).
    expect(html).toContain(`href="/newsfeed?pages=2#post-${first.posts.at(-1)!.id}"`);
    const last = await pageText(await browser.get(`/newsfeed?before=${next}`));
    expect(last).toContain("item 0");
    expect(last).toContain("You have reached the end of your newsfeed.");
  });

  it("a new user with no communities sees the empty text", { timeout: 15_000 }, async () => {
    const user = await createUser();
    const text = await pageText(await (await browserFor(user)).get("/newsfeed"));
    expect(text).toContain("Join a community to see its posts in your newsfeed.");
    expect(text).toContain("Join a community to post.");
  });

  it("managers-only communities are not offered in the composer to members", async () => {
    const { owner, community } = await cast({ postPolicy: "managers" });
    const reader = await createUser();
    await addMember(community.id, reader.id);
    expect((await loadNewsfeed(reader.id, null)).postable).toEqual([]);
    expect((await loadNewsfeed(owner.id, null)).postable.map((c) => c.id)).toEqual([community.id]);
  });
});

describe("the new posts banner's frames (decision 048)", () => {
  it("a published post reaches the other members' open sockets as a newPost frame, off the request path", {
    timeout: 20_000,
  }, async () => {
    const { owner, member, community } = await cast();
    const browser = await browserFor(member);
    const socket = await connect("/realtime", { Cookie: browser.cookie() });
    const post = await createPost(owner, community.id, "Fresh news");
    const frame = JSON.parse(await socket.next(5000));
    expect(frame).toEqual({
      messageType: "newPost",
      data: {
        postId: post.status === "published" ? post.id : 0,
        communityId: community.id,
        createdAt: expect.any(Number),
      },
    });
    socket.socket.close(1000);
  });

  it("fans out to every active member but the author, pending members and posts excluded", {
    timeout: 20_000,
  }, async () => {
    const { owner, member, community } = await cast({ requiresApproval: true });
    const asker = await createUser();
    await addMember(community.id, asker.id, "member", "pending");
    expect(await fanOutNewPost({ id: 1, communityId: community.id, authorId: owner.id, createdAt: Date.now() })).toBe(
      1,
    );
    const browser = await browserFor(owner);
    const socket = await connect("/realtime", { Cookie: browser.cookie() });
    await createPost(member, community.id, "Pending, so no banner yet");
    expect(await socket.silentFor(500)).toBe(true);
    socket.socket.close(1000);
  });
});
