import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/server/content/post-cards.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { loadNewsfeed, NEWSFEED_PAGE_SIZE } from "~/server/feed/feed.server";
import { addMember, cast, makeCommunity } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

async function postAt(communityId: number, authorId: number, body: string, createdAt: number) {
  const [row] = await getDb().insert(schema.posts).values({ communityId, authorId, body, createdAt }).returning();
  return row!;
}

/** `count` posts in one statement; `at(i)` gives the i-th post's timestamp. */
async function manyPosts(
  communityId: number,
  authorId: number,
  count: number,
  label: string,
  at: (i: number) => number,
) {
  await getDb()
    .insert(schema.posts)
    .values(
      Array.from({ length: count }, (_, i) => ({ communityId, authorId, body: `${label} ${i}`, createdAt: at(i) })),
    );
}

describe("the newsfeed", () => {
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
    await createPost(owner.id, community.id, "brand new");
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

  it("renders the composer, a Load more link without JavaScript and the end text", { timeout: 15_000 }, async () => {
    const { owner, member, community } = await cast();
    const base = Date.now() - 7_200_000;
    await manyPosts(community.id, owner.id, NEWSFEED_PAGE_SIZE + 1, "item", (i) => base + i * 1000);
    const browser = await browserFor(member);
    const html = await (await browser.get("/newsfeed")).text();
    expect(html).toContain('action="/content"');
    const first = await loadNewsfeed(member.id, null);
    const next = encodeCursor(first.posts.at(-1)!);
    expect(html).toContain(`href="/newsfeed?before=${next}"`);
    const last = await pageText(await browser.get(`/newsfeed?before=${next}`));
    expect(last).toContain("item 0");
    expect(last).toContain("You have reached the end of your newsfeed.");
  });

  it("a new user with no communities sees the empty text", async () => {
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
