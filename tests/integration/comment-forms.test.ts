import { describe, expect, it } from "vitest";
import { addComment } from "~/server/content/comments.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { addMember, cast } from "./communities-support";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

async function commentedPost(policies: Parameters<typeof cast>[0] = {}) {
  const people = await cast(policies);
  const post = await createPost(people.owner, people.community.id, "Field day on Friday");
  if (post.status !== "published") throw new Error("not published");
  const comment = await addComment(people.member, post.id, "Can we bring snacks?");
  return { ...people, postId: post.id, commentId: (comment as { id: number }).id };
}

const reportsOf = async (commentId: number) =>
  (await getDb().select().from(schema.reports)).filter((r) => r.targetType === "comment" && r.targetId === commentId);

describe("editing one's own comment (forms, without JavaScript)", () => {
  it("its author edits it: PRG back to the post, marked edited; the page offers the form", async () => {
    const { member, postId, commentId } = await commentedPost();
    const browser = await browserFor(member);
    // The comment's menu links to the page with the form open (decisions 076, 124).
    const plain = await (await browser.get(`/content/${postId}`)).text();
    expect(plain).toContain(`href="/content/${postId}?edit=comment-${commentId}#comment-${commentId}"`);
    expect(plain).not.toContain("Edit your comment");
    const page = await browser.get(`/content/${postId}?edit=comment-${commentId}`);
    const html = await page.text();
    // The form's fields ride in its action URL (decision 106).
    expect(html).toContain(`action="/content/${postId}?intent=editComment&amp;commentId=${commentId}&amp;`);
    expect(html).toContain("Edit your comment");
    const saved = await browser.post(`/content/${postId}`, {
      intent: "editComment",
      commentId: String(commentId),
      body: "  Can we bring snacks and water?\r\n ",
      returnTo: `/content/${postId}`,
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/content/${postId}`);
    const text = await pageText(await browser.get(`/content/${postId}`));
    expect(text).toContain("Your comment was saved.");
    expect(text).toContain("Can we bring snacks and water?");
    const after = await getPostPage(member.id, postId);
    expect(after?.threads[0]?.comment).toMatchObject({ body: "Can we bring snacks and water?" });
    expect(after?.threads[0]?.comment.editedAt).toBeGreaterThan(0);
  });

  it("nobody else may: not the post's author, not a manager (404); an empty text is refused", async () => {
    const { owner, member, postId, commentId } = await commentedPost();
    const ownerBrowser = await browserFor(owner);
    const form = { intent: "editComment", commentId: String(commentId), body: "Hijacked" };
    expect((await ownerBrowser.post(`/content/${postId}`, form)).status).toBe(404);
    expect((await ownerBrowser.get(`/content/${postId}`)).status).toBe(200);
    const html = await (await ownerBrowser.get(`/content/${postId}`)).text();
    expect(html).not.toContain("intent=editComment");
    const memberBrowser = await browserFor(member);
    const empty = await memberBrowser.post(`/content/${postId}`, { ...form, body: "   " });
    expect(empty.status).toBe(302);
    expect(await pageText(await memberBrowser.get(`/content/${postId}`))).toContain("Write a comment first.");
    expect((await getPostPage(member.id, postId))?.threads[0]?.comment.body).toBe("Can we bring snacks?");
  });
});

describe("reporting a comment (forms, without JavaScript)", () => {
  it("anyone who sees it reports it with a reason, for the managers", async () => {
    const { owner, community, postId, commentId } = await commentedPost();
    const reader = await createUser();
    await addMember(community.id, reader.id);
    const browser = await browserFor(reader);
    const plain = await (await browser.get(`/content/${postId}`)).text();
    expect(plain).toContain(`href="/content/${postId}?report=comment-${commentId}#comment-${commentId}"`);
    const html = await (await browser.get(`/content/${postId}?report=comment-${commentId}`)).text();
    expect(html).toContain("What is wrong with this comment?");
    const sent = await browser.post(`/content/${postId}`, {
      intent: "report",
      targetType: "comment",
      targetId: String(commentId),
      reason: "Off topic",
    });
    expect(sent.status).toBe(302);
    expect(await pageText(await browser.get(`/content/${postId}`))).toContain(
      "The community's managers will look at it.",
    );
    expect((await reportsOf(commentId)).map((r) => r.reason)).toEqual(["Off topic"]);
    const manage = await pageText(await (await browserFor(owner)).get(`/communities/${community.id}/manage/posts`));
    expect(manage).toContain("Can we bring snacks?");
    expect(manage).toContain("Off topic");
    // A manager deletes it from there: the report goes with it.
    const ownerBrowser = await browserFor(owner);
    const deleted = await ownerBrowser.post(`/content/${postId}`, {
      intent: "deleteComment",
      commentId: String(commentId),
      confirmed: "1",
      returnTo: `/communities/${community.id}/manage/posts`,
    });
    expect(deleted.headers.get("Location")).toBe(`/communities/${community.id}/manage/posts`);
    expect(await reportsOf(commentId)).toEqual([]);
  });

  it("strangers of a private community cannot (404), and a reason is required", async () => {
    const { stranger, member, postId, commentId } = await commentedPost({ joinPolicy: "request" });
    const form = { intent: "report", targetType: "comment", targetId: String(commentId), reason: "Spam" };
    expect((await (await browserFor(stranger)).post(`/content/${postId}`, form)).status).toBe(404);
    const browser = await browserFor(member);
    await browser.post(`/content/${postId}`, { ...form, reason: " " });
    expect(await pageText(await browser.get(`/content/${postId}`))).toContain("Tell the managers what is wrong.");
    expect(await reportsOf(commentId)).toEqual([]);
  });
});
