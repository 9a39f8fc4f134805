import { describe, expect, it } from "vitest";
import { addComment } from "~/server/content/comments.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { createPost } from "~/server/content/posts.server";
import { cast } from "./communities-support";
import { browserFor } from "./settings-support";

/**
 * Decision 106: the newsfeed's like, comment and delete forms carry their target and the way back
 * in the action URL, not in hidden inputs; the browser posts to that URL with only the typed text
 * (the intent rides in the URL too, decision 204), and the action reads the query under the body.
 */
async function feedWithPost() {
  const people = await cast();
  const post = await createPost(people.owner, people.community.id, "Field day on Friday");
  if (post.status !== "published") throw new Error("not published");
  const comment = await addComment(people.member, post.id, "Can we bring snacks?");
  return { ...people, postId: post.id, commentId: (comment as { id: number }).id };
}

const unescapeAmp = (value: string) => value.replace(/&amp;/g, "&");

/** The action URL of the first form on the page that matches. */
function actionOf(html: string, pattern: RegExp) {
  const match = pattern.exec(html);
  if (!match) throw new Error(`no form matches ${pattern}`);
  return unescapeAmp(match[1]!);
}

describe("newsfeed forms with their fields in the action URL (without JavaScript)", () => {
  it("like a post and a comment: no hidden inputs, PRG back to the feed, counted once", async () => {
    const { member, postId, commentId } = await feedWithPost();
    const browser = await browserFor(member);
    const html = await (await browser.get("/newsfeed")).text();
    const list = html.slice(html.indexOf('<ul class="post-list feed"'), html.indexOf("</main>"));
    expect(list).toContain(`id="post-${postId}"`);
    expect(list).not.toContain('type="hidden"');
    const postLike = actionOf(html, new RegExp(`action="(/content/${postId}\\?target=post:${postId}[^"]*)"`));
    expect(postLike).toBe(`/content/${postId}?target=post:${postId}&returnTo=/newsfeed&intent=like`);
    // What the browser sends for the like's button: nothing in the body.
    const liked = await browser.post(postLike, {});
    expect(liked.status).toBe(302);
    // Back to the post it was on (issue 21: without JavaScript, an action returns to its post).
    expect(liked.headers.get("Location")).toBe(`/newsfeed#post-${postId}`);
    const commentLike = actionOf(html, new RegExp(`action="(/content/${postId}\\?target=comment:${commentId}[^"]*)"`));
    expect(commentLike).toBe(`/content/${postId}?target=comment:${commentId}&returnTo=/newsfeed&intent=like`);
    expect((await browser.post(commentLike, {})).status).toBe(302);
    expect((await browser.post(commentLike, {})).status).toBe(302);
    const page = await getPostPage(member.id, postId);
    expect(page?.post).toMatchObject({ likeCount: 1, liked: true });
    expect(page?.threads[0]?.comment).toMatchObject({ likeCount: 1, liked: true });
  });

  it("comment and delete: the text in the body, the rest in the URL; the body wins over the URL", async () => {
    const { owner, postId } = await feedWithPost();
    const browser = await browserFor(owner);
    const html = await (await browser.get("/newsfeed")).text();
    const comment = actionOf(html, /class="comment-form[^"]*" action="([^"]+)"/);
    expect(comment).toBe(`/content/${postId}?intent=comment&returnTo=/newsfeed`);
    const sent = await browser.post(comment, { body: "See you there" });
    expect(sent.headers.get("Location")).toBe(`/newsfeed#post-${postId}`);
    // A field in the body wins: the way back the form posts replaces the URL's.
    const elsewhere = await browser.post(comment, { body: "Again", returnTo: `/content/${postId}` });
    expect(elsewhere.headers.get("Location")).toBe(`/content/${postId}`);
    const remove = actionOf(html, new RegExp(`action="(/content/${postId}\\?intent=deletePost[^"]*)"`));
    expect(remove).toBe(`/content/${postId}?intent=deletePost&returnTo=/newsfeed`);
    // Without JavaScript the button posts without `confirmed`: the action asks first.
    const asked = await browser.post(remove, {});
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('name="intent" value="deletePost"');
    expect(await getPostPage(owner.id, postId)).not.toBeNull();
    const deleted = await browser.post(remove, { confirmed: "1" });
    expect(deleted.headers.get("Location")).toBe("/newsfeed");
    expect(await getPostPage(owner.id, postId)).toBeNull();
  });

  it("a way back or a target in the URL is checked like the body's: off-site goes home, nonsense is a 4xx", async () => {
    const { member, postId } = await feedWithPost();
    const browser = await browserFor(member);
    for (const away of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const liked = await browser.post(
        `/content/${postId}?target=post:${postId}&returnTo=${encodeURIComponent(away)}`,
        { intent: "like" },
      );
      expect(liked.status, away).toBe(302);
      expect(liked.headers.get("Location"), away).toMatch(/^\/(?!\/)/);
      expect(liked.headers.get("Location"), away).not.toContain("evil");
    }
    for (const target of ["post:abc", "nothing", `comment:${Number.MAX_SAFE_INTEGER}9`]) {
      const refused = await browser.post(`/content/${postId}?target=${target}&returnTo=/newsfeed`, { intent: "like" });
      expect(refused.status, target).toBeGreaterThanOrEqual(300);
      expect(refused.status, target).toBeLessThan(500);
    }
  });
});
