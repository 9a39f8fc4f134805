import { describe, expect, it } from "vitest";
import { changeMember } from "~/server/communities/manage.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { like } from "~/server/content/likes.server";
import { createPost, updatePost } from "~/server/content/posts.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { addComment } from "./comment-support";
import { actorOf, addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

describe("posting", () => {
  it("publishes from the composer (PRG back), keeping line breaks and making links links, never HTML", {
    timeout: 20_000,
  }, async () => {
    const { member, community } = await cast();
    const browser = await browserFor(member);
    const body = "Bake sale moved!\nDetails: https://example.test/bake <b>not bold</b>";
    const posted = await browser.post("/content", { communityId: String(community.id), body, returnTo: "/newsfeed" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/newsfeed");
    const html = await (await browser.get("/newsfeed")).text();
    expect(html).toContain("Your post was published.");
    expect(html).toContain("Bake sale moved!\nDetails: ");
    expect(html).toContain('<a href="https://example.test/bake"');
    expect(html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
  });

  it("refuses empty and over-long posts with the rule, and posts where the user may not post", async () => {
    const { member, stranger, community } = await cast();
    const browser = await browserFor(member);
    const empty = await browser.post("/content", { communityId: String(community.id), body: "   " });
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain("Write something first.");
    const long = await browser.post("/content", { communityId: String(community.id), body: "x".repeat(10_001) });
    expect(await pageText(long)).toContain("Use at most 10,000 characters.");
    expect((await createPost(member, community.id, "x".repeat(10_000))).status).toBe("published");
    const outsider = await browserFor(stranger);
    const refused = await outsider.post("/content", { communityId: String(community.id), body: "hi" });
    expect(refused.status).toBe(403);
    expect(await pageText(refused)).toContain("You cannot post in this community.");
  });
});

describe("who sees which posts", () => {
  it("pending posts: only their author and the managers", async () => {
    const { owner, member, community } = await cast({ requiresApproval: true });
    const reader = await createUser();
    await addMember(community.id, reader.id);
    const post = await createPost(member, community.id, "Needs approval");
    expect(post.status).toBe("pending");
    if (post.status !== "pending") return;
    expect((await getPostPage(member.id, post.id))?.post.pending).toBe(true);
    expect((await getPostPage(owner.id, post.id))?.post.canModerate).toBe(true);
    expect(await getPostPage(reader.id, post.id)).toBeNull();
    // Managers' own posts need no approval.
    expect((await createPost(owner, community.id, "From the owner")).status).toBe("published");
  });

  it("private communities: a stranger gets 404 for the post, its comments and likes", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    const post = await createPost(owner, community.id, "Invite-only news");
    if (post.status !== "published") throw new Error("not published");
    const browser = await browserFor(stranger);
    expect((await browser.get(`/content/${post.id}`)).status).toBe(404);
    expect((await browser.post(`/content/${post.id}`, { intent: "comment", body: "sneaky" })).status).toBe(404);
    expect(await like(stranger, { type: "post", id: post.id })).toBe(false);
    expect((await browser.get(`/content/${post.id}/edit`)).status).toBe(404);
  });
});

describe("comments, replies and likes", () => {
  it("threads replies one level deep: a reply to a reply joins the first comment's thread", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Schedule change");
    if (post.status !== "published") throw new Error("not published");
    const comment = async (...args: Parameters<typeof addComment>) => {
      const added = await addComment(...args);
      if (!added) throw new Error(`comment not added: ${added}`);
      return added;
    };
    const first = await comment(member, post.id, "Thanks!");
    const reply = await comment(owner, post.id, "You're welcome", first.id);
    const deeper = await comment(member, post.id, "See you there", reply.id);
    expect(reply.parentId).toBe(first.id);
    expect(deeper.parentId).toBe(first.id);
    const page = await getPostPage(member.id, post.id);
    expect(page?.threads).toHaveLength(1);
    expect(page?.threads[0]?.replies.map((r) => r.body)).toEqual(["You're welcome", "See you there"]);
    expect(page?.post.commentCount).toBe(3);
  });

  it("comments and replies through the form without JavaScript (PRG back to the post)", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Coach's post");
    if (post.status !== "published") throw new Error("not published");
    const browser = await browserFor(member);
    const done = await browser.post(`/content/${post.id}`, { intent: "comment", body: "Great news" });
    expect(done.headers.get("Location")).toBe(`/content/${post.id}`);
    const text = await pageText(await browser.get(`/content/${post.id}`));
    expect(text).toContain("Great news");
    expect(text).toContain("Your comment was added.");
  });

  it("likes are idempotent, even under concurrent requests", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Like me");
    if (post.status !== "published") throw new Error("not published");
    const browser = await browserFor(member);
    const form = { intent: "like", targetType: "post", targetId: String(post.id), returnTo: "/newsfeed" };
    const answers = await Promise.all(Array.from({ length: 6 }, () => browser.post(`/content/${post.id}`, form)));
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    await like(member, { type: "post", id: post.id });
    expect((await getPostPage(member.id, post.id))?.post).toMatchObject({ likeCount: 1, liked: true });
    await browser.post(`/content/${post.id}`, { ...form, intent: "unlike" });
    expect((await getPostPage(member.id, post.id))?.post).toMatchObject({ likeCount: 0, liked: false });
  });

  it("the like form as the page sends it: one `target` value, the intent on the button (decision 076)", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Like my comment too");
    if (post.status !== "published") throw new Error("not published");
    const comment = await addComment(owner, post.id, "A comment to like");
    if (comment === null) throw new Error("no comment");
    const browser = await browserFor(member);
    const sent = await browser.post(`/content/${post.id}`, {
      target: `post:${post.id}`,
      returnTo: "/newsfeed",
      intent: "like",
    });
    // Back to the post in the list (decision 124).
    expect(sent.headers.get("Location")).toBe(`/newsfeed#post-${post.id}`);
    await browser.post(`/content/${post.id}`, { target: `comment:${comment.id}`, intent: "like" });
    const page = await getPostPage(member.id, post.id);
    expect(page?.post).toMatchObject({ likeCount: 1, liked: true });
    expect(page?.threads[0]?.comment).toMatchObject({ likeCount: 1, liked: true });
    // A target that is not one: a warning on the page, nothing liked, never a 5xx.
    for (const target of [`post:x`, "comment:", "user:1", `post:${post.id}:1`]) {
      const refused = await browser.post(`/content/${post.id}`, { target, intent: "unlike" });
      expect(refused.status, target).toBe(302);
    }
    expect((await getPostPage(member.id, post.id))?.post).toMatchObject({ likeCount: 1, liked: true });
  });

  it("deleting asks first; the author or a manager may, others not", async () => {
    const { owner, member, community } = await cast();
    const other = await createUser();
    await addMember(community.id, other.id);
    const post = await createPost(member, community.id, "Delete me");
    if (post.status !== "published") throw new Error("not published");
    const outsider = await browserFor(other);
    expect((await outsider.post(`/content/${post.id}`, { intent: "deletePost", confirmed: "1" })).status).toBe(404);
    const manager = await browserFor(owner);
    const asks = await manager.post(`/content/${post.id}`, { intent: "deletePost" });
    expect(await pageText(asks)).toContain("Are you sure you want to delete this post?");
    const deleted = await manager.post(`/content/${post.id}`, { intent: "deletePost", confirmed: "1" });
    expect(deleted.headers.get("Location")).toBe("/newsfeed");
    expect(await getPostPage(owner.id, post.id)).toBeNull();
  });

  it("edits: the author only, marked as edited", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(member, community.id, "Typo hre");
    if (post.status !== "published") throw new Error("not published");
    expect((await (await browserFor(owner)).get(`/content/${post.id}/edit`)).status).toBe(404);
    const browser = await browserFor(member);
    expect((await browser.get(`/content/${post.id}/edit`)).status).toBe(200);
    const saved = await browser.post(`/content/${post.id}/edit`, { body: "Typo here" });
    expect(saved.headers.get("Location")).toBe(`/content/${post.id}`);
    const page = await getPostPage(member.id, post.id);
    expect(page?.post.body).toBe("Typo here");
    expect(page?.post.editedAt).toBeGreaterThan(0);
  });

  it("edits: not by an author removed from a private community, who may no longer see the post", async () => {
    const { owner, member, community } = await cast({ joinPolicy: "invite" });
    const post = await createPost(member, community.id, "Written while a member");
    if (post.status !== "published") throw new Error("not published");
    expect(await changeMember(await actorOf(owner.id), community.id, member.id, "remove")).toBe(true);
    const browser = await browserFor(member);
    expect((await browser.get(`/content/${post.id}`)).status).toBe(404);
    expect((await browser.get(`/content/${post.id}/edit`)).status).toBe(404);
    expect((await browser.post(`/content/${post.id}/edit`, { body: "Rewritten from outside" })).status).toBe(404);
    expect(await updatePost(await actorOf(member.id), post.id, "Rewritten from outside")).toBe(false);
    expect((await getPostPage(owner.id, post.id))?.post.body).toBe("Written while a member");
  });
});

describe("notifications (decision 049)", () => {
  async function titlesOf(userId: number, expected: number) {
    // Sent after the response (waitUntil): wait for them a little.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { data: notifications } = await listNotifications(userId, { limit: 20 });
      if (notifications.length >= expected) return notifications.map((n) => n.title);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (await listNotifications(userId, { limit: 20 })).data.map((n) => n.title);
  }

  it("comments, replies and grouped likes reach the right people", { timeout: 40_000 }, async () => {
    const { owner, member, community } = await cast();
    const third = await createUser({ name: "Tess Third" });
    await addMember(community.id, third.id);
    const post = await createPost(owner, community.id, "Notify me");
    if (post.status !== "published") throw new Error("not published");
    const memberBrowser = await browserFor(member);
    await memberBrowser.post(`/content/${post.id}`, { intent: "comment", body: "First!" });
    expect(await titlesOf(owner.id, 1)).toContain("Milo Member commented on your post");
    const page = await getPostPage(owner.id, post.id);
    const thirdBrowser = await browserFor(third);
    await thirdBrowser.post(`/content/${post.id}`, {
      intent: "comment",
      body: "Me too",
      replyTo: String(page!.threads[0]!.comment.id),
    });
    expect(await titlesOf(member.id, 1)).toContain("Tess Third replied to your comment");
    const likeForm = { intent: "like", targetType: "post", targetId: String(post.id) };
    await memberBrowser.post(`/content/${post.id}`, likeForm);
    await thirdBrowser.post(`/content/${post.id}`, likeForm);
    let titles: string[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      titles = await titlesOf(owner.id, 2);
      if (titles.includes("Tess Third and 1 other liked your post")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(titles).toContain("Tess Third and 1 other liked your post");
    expect(titles).not.toContain("Milo Member liked your post");
  });
});
