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
      expect(card).toMatch(/<button value="like" class="[^"]*i-heart" aria-pressed="false"/);
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
