import { describe, expect, it } from "vitest";
import { addComment } from "~/server/content/comments.server";
import { createPost } from "~/server/content/posts.server";
import { cast } from "./communities-support";
import { browserFor } from "./settings-support";

/**
 * Decision 192: a page of posts renders less per card. `data-discover` (React Router learns the
 * routes a page links to) is on the first card only, since every card links to the same routes;
 * likes and Report/Edit links are told apart by what they already carry (`aria-pressed`,
 * `aria-expanded`), not by a marker attribute each. What a reader gets is unchanged.
 */
describe("newsfeed cards (decision 192)", () => {
  it("the first card alone carries data-discover; no per-card like or opener markers; nothing else lost", async () => {
    const { owner, member, community } = await cast();
    const older = await createPost(owner, community.id, "Bake sale on Monday");
    const newer = await createPost(owner, community.id, "Field day on Friday");
    if (older.status !== "published" || newer.status !== "published") throw new Error("not published");
    await addComment(member, older.id, "Can we bring cookies?");
    const browser = await browserFor(member);
    const html = await (await browser.get("/newsfeed")).text();
    const cards = html.match(/<article class="card post-card"[\s\S]*?<\/article>/g) ?? [];
    expect(cards).toHaveLength(2);
    const [first = "", second = ""] = cards;
    expect(first).toContain(`data-post="${newer.id}"`);
    expect(first).toContain(`<a href="/communities/${community.id}" data-discover="true">`);
    expect(first).toContain(`<a href="/content/${newer.id}" aria-label="Open post" data-discover="true">`);
    expect(second).toContain(`data-post="${older.id}"`);
    expect(second).not.toContain("data-discover");
    // Still linked, still openable without JavaScript.
    expect(second).toContain(`<a href="/communities/${community.id}">`);
    expect(second).toContain(`<a href="/content/${older.id}" aria-label="Open post">`);
    for (const card of cards) {
      expect(card).not.toContain("data-like");
      expect(card).not.toContain("data-open");
      expect(card).not.toContain("data-comment");
      // The like is a form with a pressed state; the comment icon, the author link and the time are there.
      expect(card).toMatch(/<button class="[^"]*i-heart" aria-pressed="false"/);
      expect(card).toMatch(/<a href="#comment-body-\d+" class="icon-action with-icon i-comment"/);
      expect(card).toContain('class="post-author-link"');
      expect(card).toMatch(/<time dateTime="[^"]+" title="[^"]+">/);
    }
    // Report (another's post) and Edit (one's own comment) open their forms on the post's page,
    // and say they are closed.
    expect(second).toContain("Can we bring cookies?");
    expect(second).toContain(`<a href="/content/${older.id}?report=post" aria-expanded="false">Report</a>`);
    expect(second).toMatch(
      new RegExp(`<a href="/content/${older.id}\\?edit=comment-\\d+#comment-\\d+" aria-expanded="false">Edit</a>`),
    );
  });
});

/**
 * Decision 204: a card carries each thing once. The people's texts and the community's name keep
 * their own direction by CSS (`unicode-bidi: plaintext`), not `dir="auto"` or `<bdi>`; the
 * article is named by its author without an id to point at; a menu's icon is named by its
 * tooltip; the author's link by its avatar; a comment box's intent rides in its action. The
 * page's data leaves out what is at its default and writes each community and author once.
 */
describe("newsfeed cards and their data (decision 204)", () => {
  it("no attribute says what another already says; the names and labels a reader gets are the same", async () => {
    const { owner, member, community } = await cast();
    const first = await createPost(owner, community.id, "Bake sale on Monday");
    const second = await createPost(owner, community.id, "Field day on Friday");
    if (first.status !== "published" || second.status !== "published") throw new Error("not published");
    await addComment(member, first.id, "Can we bring cookies?");
    const browser = await browserFor(member);
    const html = await (await browser.get("/newsfeed")).text();
    const cards = html.match(/<article class="card post-card"[\s\S]*?<\/article>/g) ?? [];
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card).toMatch(new RegExp(`^<article class="card post-card" id="post-\\d+" aria-label="${owner.name}"`));
      expect(card).toContain(`<strong>${owner.name}</strong>`);
      expect(card).not.toContain('dir="auto"');
      expect(card).not.toContain("<bdi>");
      expect(card).not.toContain("aria-labelledby");
      expect(card).toMatch(new RegExp(`<a href="/communities/${community.id}"[^>]*>Community \\d+</a>`));
      expect(card).toContain('<summary class="icon-action with-icon i-dots" title="Post actions"></summary>');
      expect(card).toMatch(
        new RegExp(
          `<a href="/users/${owner.id}" class="post-author-link"><span [^>]*role="img" aria-label="About ${owner.name}">`,
        ),
      );
      expect(card).toMatch(
        /<form class="comment-form comment-new" action="\/content\/\d+\?intent=comment&amp;returnTo=\/newsfeed" method="post"><textarea id="comment-body-\d+" aria-label="Write a comment"[^>]*><\/textarea><button>Comment<\/button><\/form>/,
      );
    }
    expect(cards[1]).toContain('<summary class="icon-action with-icon i-dots" title="Comment actions"></summary>');

    const data = await (await browser.get("/newsfeed.data")).text();
    // Fields the cards never read, or read at their default, are not sent.
    for (const left of ["textVersion", "blockedAuthor", "canModerate", "editedAt", "pinned", "pending", "liked"]) {
      expect(data).not.toContain(`"${left}"`);
    }
    expect(data).toContain("Can we bring cookies?");
    // turbo-stream: a flat array whose objects map "_<key's index>" to a value's index; an object
    // written before is a reference to its index. Both posts name the same community object.
    const flat = JSON.parse(data) as unknown[];
    const key = `_${flat.indexOf("community")}`;
    const communities = flat
      .filter((value): value is Record<string, number> => typeof value === "object" && value !== null && key in value)
      .map((post) => post[key]);
    expect(communities).toHaveLength(2);
    expect(communities[0]).toBe(communities[1]);
    expect(flat[communities[0]!]).toBeTypeOf("object");
  });
});
