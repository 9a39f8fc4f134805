import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/server/content/post-cards.server";
import { createPost } from "~/server/content/posts.server";
import {
  loadNewsfeed,
  NEWSFEED_FIRST_PAGE_SIZE,
  NEWSFEED_PAGE_SIZE,
  newsfeedPageSize,
} from "~/server/feed/newsfeed.server";
import { cast } from "./communities-support";
import { fetchApp } from "./helpers";
import { compose, cookieOf, people, roundTrips } from "./inbox-support";
import { browserFor, pageText } from "./settings-support";

/**
 * Issue 21 items 3 and 4 on the server (decisions 123, 124): the inbox's unread badge rides in
 * the root loader's one round trip; a post's forms without JavaScript come back to that post;
 * a reply is toasted as a reply; "Load more" without JavaScript grows the page.
 */
describe("the navigation's inbox badge", () => {
  it("counts the inbox's unread messages on every signed-in page, in its one D1 round trip", async () => {
    const { ada, ben } = await people();
    const sent = await compose(ada, { to: ben.username!, subject: "Bake sale", body: "Can you help on Friday?" });
    expect(sent.status).toBe(302);
    for (const path of ["/newsfeed", "/calendar", "/schools"]) {
      const response = await fetchApp(path, { headers: { Cookie: await cookieOf(ben) } });
      expect(response.status, path).toBe(200);
      expect(roundTrips(response), path).toBe(1);
      const html = await response.text();
      // The sidebar's inbox link, and the tab bar's Messages and inbox entries.
      expect(html, path).toMatch(/Inbox<\/span><span class="nav-badge" aria-hidden="true">1<\/span>/);
      // The tab's label is its own text, the badge beside it (decision 227).
      expect(html, path).toMatch(/>Messages<span class="nav-badge" aria-hidden="true">1<\/span>/);
      expect(html.match(/\(1 unread\)/g)?.length ?? 0, path).toBeGreaterThanOrEqual(3);
    }
    // The sender has nothing unread: no badge.
    const own = await (await fetchApp("/newsfeed", { headers: { Cookie: await cookieOf(ada) } })).text();
    expect(own).not.toContain("nav-badge");
    expect(own).toContain('href="/schools"');
    expect(own).toContain('href="/messagesold"');
  });
});

describe("a post's forms without JavaScript", () => {
  it("come back to the post in the list (#post-…), and a script's fetch keeps its place without an anchor", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Picture day is Tuesday");
    if (post.status !== "published") throw new Error("not published");
    const browser = await browserFor(member);
    const fields = { intent: "like", target: `post:${post.id}`, returnTo: "/newsfeed" };
    // A browser's form post is a navigation (Sec-Fetch-Mode: navigate, or no header at all).
    const liked = await browser.post(`/content/${post.id}`, fields);
    expect(liked.headers.get("Location")).toBe(`/newsfeed#post-${post.id}`);
    const commented = await fetchApp(`/content/${post.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: browser.cookie(),
        "Sec-Fetch-Mode": "navigate",
      },
      body: new URLSearchParams({ intent: "comment", body: "Thanks!", returnTo: "/communities/1?x=1" }).toString(),
    });
    expect(commented.headers.get("Location")).toBe(`/communities/1?x=1#post-${post.id}`);
    // The post's own page needs no anchor.
    const onPage = await browser.post(`/content/${post.id}`, {
      ...fields,
      intent: "unlike",
      returnTo: `/content/${post.id}`,
    });
    expect(onPage.headers.get("Location")).toBe(`/content/${post.id}`);
    // A script's fetch (the page's JavaScript) stays where the reader is: no anchor to jump to.
    const fetched = await fetchApp(`/content/${post.id}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: browser.cookie(),
        "Sec-Fetch-Mode": "cors",
      },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    expect(fetched.headers.get("Location")).toBe("/newsfeed");
  });

  it("toasts a reply as a reply, not as a comment", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Coach's post");
    if (post.status !== "published") throw new Error("not published");
    const browser = await browserFor(member);
    await browser.post(`/content/${post.id}`, { intent: "comment", body: "Great news" });
    const first = await pageText(await browser.get(`/content/${post.id}`));
    expect(first).toContain("Your comment was added.");
    const html = await (await browser.get(`/content/${post.id}`)).text();
    const commentId = /id="comment-(\d+)"/.exec(html)?.[1];
    expect(commentId).toBeDefined();
    await browser.post(`/content/${post.id}`, { intent: "comment", body: "Me too", replyTo: commentId! });
    const text = await pageText(await browser.get(`/content/${post.id}`));
    expect(text).toContain("Your reply was added.");
    expect(text).not.toContain("Your comment was added.");
  });
});

describe("Load more without JavaScript", () => {
  it("the first screen, grown by one page: the earlier posts stay, the next ones follow", {
    timeout: 30_000,
  }, async () => {
    const { owner, member, community } = await cast();
    const total = NEWSFEED_FIRST_PAGE_SIZE + NEWSFEED_PAGE_SIZE + 5;
    for (let i = 0; i < total; i += 1) await createPost(owner, community.id, `Notice number ${i}`);
    const one = await loadNewsfeed(member.id, null, newsfeedPageSize(null));
    const two = await loadNewsfeed(member.id, null, newsfeedPageSize(null, 2));
    expect(one.posts).toHaveLength(NEWSFEED_FIRST_PAGE_SIZE);
    expect(two.posts).toHaveLength(NEWSFEED_FIRST_PAGE_SIZE + NEWSFEED_PAGE_SIZE);
    expect(two.endOfFeed).toBe(false);
    expect(two.posts.slice(0, NEWSFEED_FIRST_PAGE_SIZE).map((p) => p.id)).toEqual(one.posts.map((p) => p.id));
    const browser = await browserFor(member);
    const cards = (html: string) => html.match(/<article [^>]*id="post-\d+"/g) ?? [];
    const first = await (await browser.get("/newsfeed")).text();
    // The page's first screen is shorter than the API's page (decision 220).
    expect(cards(first)).toHaveLength(NEWSFEED_FIRST_PAGE_SIZE);
    const last = one.posts[one.posts.length - 1]!;
    // The link asks for two pages, back at the last post read.
    expect(first).toContain(`href="/newsfeed?pages=2#post-${last.id}"`);
    const grown = await (await browser.get("/newsfeed?pages=2")).text();
    expect(cards(grown)).toHaveLength(two.posts.length);
    for (const post of two.posts) expect(grown).toContain(`id="post-${post.id}"`);
    // An address typed by hand: not a number is the first screen, a fraction its whole pages, too
    // many the most there are (decision 124); never an error.
    const typed = await (await browser.get("/newsfeed?pages=abc")).text();
    expect(cards(typed)).toHaveLength(NEWSFEED_FIRST_PAGE_SIZE);
    const fraction = await (await browser.get("/newsfeed?pages=1.5")).text();
    expect(cards(fraction)).toHaveLength(NEWSFEED_FIRST_PAGE_SIZE);
    expect(fraction).toContain(`href="/newsfeed?pages=2#post-${last.id}"`);
    const huge = await browser.get("/newsfeed?pages=99999");
    expect(huge.status).toBe(200);
    expect(cards(await huge.text()).length).toBeGreaterThanOrEqual(two.posts.length);
    // With JavaScript the next page comes by the cursor: a whole later page, from the post after the last shown.
    const next = await (await browser.get(`/newsfeed?before=${encodeCursor(last)}`)).text();
    expect(cards(next).map((card) => /id="post-(\d+)"/.exec(card)![1])).toEqual(
      two.posts.slice(NEWSFEED_FIRST_PAGE_SIZE).map((p) => String(p.id)),
    );
  });
});
