import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeMembership } from "~/server/communities/membership.server";
import { createPost } from "~/server/content/posts.server";
import { report } from "~/server/content/reports.server";
import { getDb, schema } from "~/server/db/db.server";
import { moderate } from "~/server/moderation/moderation.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { addComment } from "./comment-support";
import { addMember, cast, membershipRow } from "./communities-support";
import { fromOrigin } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

/** Issue 26 item 4, decision 161: the moderation queue, its actions and the audit log. */

async function reportedComment() {
  const { owner, member, stranger, community } = await cast();
  const manager = await createUser({ name: "Mia Manager" });
  await addMember(community.id, manager.id, "manager");
  const author = await createUser({ name: "Rex Rude" });
  await addMember(community.id, author.id);
  const post = await createPost(owner, community.id, "Lost and found: a blue scarf");
  if (!("id" in post)) throw new Error(post.status);
  const comment = await addComment(author, post.id, "Whoever lost it is an idiot");
  if (!comment) throw new Error("no comment");
  expect(await report(member, { type: "comment", id: comment.id }, "Insulting")).toBe(true);
  return { owner, member, manager, author, stranger, community, postId: post.id, commentId: comment.id };
}

const page = async (path: string, cookie: string) => fetchApp(path, { headers: { Cookie: cookie } });

describe("the moderation queue (issue 26 item 4)", { timeout: 60_000 }, () => {
  it("a manager removes a reported comment from the queue; the reporter is told; the owner reads the log", async () => {
    const { owner, member, manager, community, commentId } = await reportedComment();
    const cookie = await signIn(manager.email, manager.password);
    const queue = await page(`/communities/${community.id}/manage/reports`, cookie);
    expect(queue.status).toBe(200);
    const html = await queue.text();
    expect(html).toContain("Whoever lost it is an idiot");
    expect(html).toContain("Insulting");
    expect(html).toContain("Only the community&#x27;s owners can read the audit log.");

    const removed = await postForm(
      `/communities/${community.id}/manage/reports`,
      { action: "remove", targetType: "comment", targetId: String(commentId), note: "Name-calling" },
      { cookie },
    );
    expect(removed.status).toBe(302);
    expect(await getDb().select().from(schema.comments).where(eq(schema.comments.id, commentId))).toHaveLength(0);
    expect(await getDb().select().from(schema.reports).where(eq(schema.reports.targetId, commentId))).toHaveLength(0);
    expect(await (await page(`/communities/${community.id}/manage/reports`, cookie)).text()).toContain(
      "Nothing is waiting for a decision.",
    );

    const told = (await listNotifications(member.id)).data.map((n) => n.title);
    expect(told).toContain("A moderator reviewed the comment you reported and removed it. Thank you for reporting it.");

    const log = await (
      await page(`/communities/${community.id}/manage/reports`, await signIn(owner.email, owner.password))
    ).text();
    expect(log).toContain("Mia Manager: Remove — Reported comment");
    expect(log).toContain("Whoever lost it is an idiot");
    expect(log).toContain("Note: Name-calling");
    const rows = await getDb()
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.communityId, community.id));
    expect(rows).toMatchObject([
      { actorId: manager.id, action: "remove", targetType: "comment", targetId: commentId, reportCount: 1 },
    ]);
  });

  it("refuses members and strangers: 403 on the page, nothing done by a forged post", async () => {
    const { member, community, commentId } = await reportedComment();
    const cookie = await signIn(member.email, member.password);
    expect((await page(`/communities/${community.id}/manage/reports`, cookie)).status).toBe(403);
    const forged = await postForm(
      `/communities/${community.id}/manage/reports`,
      { action: "remove", targetType: "comment", targetId: String(commentId) },
      { cookie },
    );
    expect(forged.status).toBe(403);
    expect(await getDb().select().from(schema.comments).where(eq(schema.comments.id, commentId))).toHaveLength(1);
    expect(
      await getDb().select().from(schema.moderationLog).where(eq(schema.moderationLog.targetId, commentId)),
    ).toHaveLength(0);
  });

  it("warns the author with the note, and acts only once", async () => {
    const { manager, author, member, community, commentId } = await reportedComment();
    const input = { communityId: community.id, targetType: "comment" as const, targetId: commentId, note: "Be kind" };
    expect((await fromOrigin(() => moderate(manager, { ...input, action: "warn" }))).status).toBe("ok");
    expect((await moderate(manager, { ...input, action: "remove" })).status).toBe("not_found");
    expect((await listNotifications(author.id)).data.map((n) => n.title)).toContain(
      "A moderator warned you about your comment: Be kind",
    );
    expect((await listNotifications(member.id)).data.map((n) => n.title)).toContain(
      "A moderator reviewed the comment you reported and warned its author. Thank you for reporting it.",
    );
    expect(await getDb().select().from(schema.comments).where(eq(schema.comments.id, commentId))).toHaveLength(1);
  });

  it("a banned author is removed and cannot rejoin; a removed one can", async () => {
    const { manager, author, community, commentId, postId, member } = await reportedComment();
    const input = { communityId: community.id, targetType: "comment" as const, targetId: commentId, note: "" };
    expect((await moderate(manager, { ...input, action: "ban" })).status).toBe("ok");
    expect(await membershipRow(community.id, author.id)).toBeNull();
    expect((await changeMembership(author, community.id, "join")).status).toBe("not_allowed");
    expect(await membershipRow(community.id, author.id)).toBeNull();

    // Hide and remove_member on a post by someone else.
    const post = await createPost(member, community.id, "Spam spam spam");
    if (!("id" in post)) throw new Error(post.status);
    await report(manager, { type: "post", id: post.id }, "Spam");
    const onPost = { communityId: community.id, targetType: "post" as const, targetId: post.id, note: "" };
    expect((await moderate(manager, { ...onPost, action: "hide" })).status).toBe("ok");
    const [hidden] = await getDb().select().from(schema.posts).where(eq(schema.posts.id, post.id));
    expect(hidden?.status).toBe("pending");
    await report(manager, { type: "post", id: post.id }, "Still spam");
    expect((await moderate(manager, { ...onPost, action: "remove_member" })).status).toBe("ok");
    expect(await membershipRow(community.id, member.id)).toBeNull();
    expect((await changeMembership(member, community.id, "join")).status).toBe("joined");
    expect(postId).toBeGreaterThan(0);
  });

  it("removes or bans as the members page does: a manager only for an owner, never the last owner (decision 045)", async () => {
    const { owner, manager, community } = await reportedComment();
    const colleague = await createUser({ name: "Max Manager" });
    await addMember(community.id, colleague.id, "manager");
    const mine = await createPost(colleague, community.id, "A manager's post");
    const owners = await createPost(owner, community.id, "The owner's post");
    if (!("id" in mine) || !("id" in owners)) throw new Error("not posted");
    // A manager reports a fellow manager's post (or the owner's) and acts on the report.
    await report(manager, { type: "post", id: mine.id }, "Get rid of them");
    await report(manager, { type: "post", id: owners.id }, "Get rid of them");
    const onPost = { communityId: community.id, targetType: "post" as const, targetId: mine.id, note: "" };
    const onOwner = { ...onPost, targetId: owners.id };
    for (const action of ["remove_member", "ban"] as const) {
      expect((await moderate(manager, { ...onPost, action })).status, action).toBe("not_found");
      expect((await moderate(manager, { ...onOwner, action })).status, action).toBe("not_found");
      // The last owner, not even by themself.
      expect((await moderate(owner, { ...onOwner, action })).status, action).toBe("not_found");
    }
    expect((await membershipRow(community.id, colleague.id))?.role).toBe("manager");
    expect((await membershipRow(community.id, owner.id))?.role).toBe("owner");
    const bans = getDb().select().from(schema.communityBans);
    expect(await bans.where(eq(schema.communityBans.communityId, community.id))).toEqual([]);
    // The owner may: decision 045's "only owners remove managers".
    expect((await moderate(owner, { ...onPost, action: "remove_member" })).status).toBe("ok");
    expect(await membershipRow(community.id, colleague.id)).toBeNull();
  });
});
