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
    expect(first).toContain(`id="post-${newer.id}"`);
    expect(first).toContain(`<a href="/communities/${community.id}" data-discover="true">`);
    expect(first).toContain(`<a href="/content/${newer.id}" aria-label="Open post" data-discover="true">`);
    expect(second).toContain(`id="post-${older.id}"`);
    expect(second).not.toContain("data-discover");
    // Still linked, still openable without JavaScript.
    expect(second).toContain(`<a href="/communities/${community.id}">`);
    expect(second).toContain(`<a href="/content/${older.id}" aria-label="Open post">`);
    for (const card of cards) {
      expect(card).not.toContain("data-like");
      expect(card).not.toContain("data-open");
      expect(card).not.toContain("data-comment");
      // The like is a form with a pressed state; the comment icon, the author link and the time are there.
      expect(card).toMatch(/<button aria-pressed="false" aria-label="Like · 0 likes">0<\/button>/);
      expect(card).toMatch(/<a href="#comment-body-\d+" aria-label="Comment · \d comments?">/);
      expect(card).toMatch(/<header><a href="\/users\/\d+"><span [^>]*role="img" aria-label="About /);
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
      expect(card).toContain('<summary title="Post actions"></summary>');
      expect(card).toMatch(
        new RegExp(`<a href="/users/${owner.id}"><span [^>]*role="img" aria-label="About ${owner.name}">`),
      );
      expect(card).toMatch(
        /<form class="comment-form comment-new" action="\/content\/\d+\?intent=comment&amp;returnTo=\/newsfeed" method="post"><textarea id="comment-body-\d+" aria-label="Write a comment" name="body" required="" maxLength="2000" placeholder="Write a comment"><\/textarea><button>Comment<\/button><\/form>/,
      );
    }
    expect(cards[1]).toContain('<summary title="Comment actions"></summary>');

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

/**
 * Decision 233: a card's controls are known by their place, not a class each (communities.css,
 * icons.css), and the card names its post once, in its id. The names, states and targets a
 * reader gets are the same: the like's pressed state and label, the comment icon's label, the
 * menus' titles, the author's link by its avatar, Edit and Delete in the menu.
 */
describe("a card writes less (decision 233)", () => {
  it("no class on the row's controls, the menu's buttons, the byline or the author's link; no data-post or rows", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Book fair next week");
    if (post.status !== "published") throw new Error("not published");
    await addComment(owner, post.id, "Volunteers welcome");
    const browser = await browserFor(owner);
    const html = await (await browser.get("/newsfeed")).text();
    const [card = ""] = html.match(/<article class="card post-card"[\s\S]*?<\/article>/g) ?? [];
    expect(card).toMatch(
      new RegExp(`^<article class="card post-card" id="post-${post.id}" aria-label="${owner.name}">`),
    );
    expect(card).not.toContain("data-post");
    expect(card).not.toContain("rows=");
    for (const gone of ["icon-action", "with-icon", "menu-button", "post-author-link", 'class="hint"']) {
      expect(card).not.toContain(gone);
    }
    expect(card).toContain(`<header><a href="/users/${owner.id}"><span`);
    expect(card).toContain(`<p><a href="/communities/${community.id}" data-discover="true">`);
    expect(card).toMatch(
      new RegExp(
        `<form action="/content/${post.id}\\?target=post:${post.id}&amp;returnTo=/newsfeed&amp;intent=like" method="post"><button aria-pressed="false" aria-label="Like · 0 likes">0</button></form>`,
      ),
    );
    expect(card).toContain(`<a href="#comment-body-${post.id}" aria-label="Comment · 1 comment">1</a>`);
    expect(card).toContain('<summary title="Post actions"></summary>');
    expect(card).toContain('<summary title="Comment actions"></summary>');
    // Its author's post and comment: Edit and Delete in each menu, the Delete a plain submit.
    expect(card).toContain(`<a href="/content/${post.id}/edit" data-discover="true">Edit</a>`);
    expect(card.match(/<button type="submit">Delete<\/button>/g)).toHaveLength(2);
    // The member sees the same post with Report, still saying it opens a form.
    const theirs = await (await (await browserFor(member)).get("/newsfeed")).text();
    expect(theirs).toContain(`<a href="/content/${post.id}?report=post" aria-expanded="false">Report</a>`);
  });
});
