import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { addComment } from "~/server/content/comments.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { addMember, cast, makeCommunity, membershipRow } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { sizedPng } from "./post-images-support";

async function api(userId: number) {
  const { token } = await issueTokens(userId);
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const call = async (path: string, method = "GET", body?: unknown) => {
    const response = await fetchApp(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: the tests read JSON answers loosely, as an app would
    return { status: response.status, json: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
  return call;
}

describe('communities and posts JSON API (README "API"): the pages\' rules', { timeout: 30_000 }, () => {
  it("needs a Bearer token", async () => {
    const answer = await fetchApp("/api/v1/newsfeed");
    expect(answer.status).toBe(401);
    expect((await answer.json()) as object).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("lists my communities, finds and shows one, joins by request, and the owner's approval lets the caller in", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "request" });
    const call = await api(stranger.id);
    const name = `Robotics ${Date.now().toString(36)}`;
    await makeCommunity(owner.id, { name, description: "Gears and code" });
    const found = await call(`/communities/search?q=${encodeURIComponent(name)}`);
    expect(found.status).toBe(200);
    expect(found.json.data.map((c: { name: string }) => c.name)).toEqual([name]);

    const shown = await call(`/communities/${community.id}`);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ visible: false, joinAction: "request", canPost: false, posts: [], members: [] });
    expect((await call(`/communities/${community.id}/posts`)).json.error.code).toBe("members_only");

    const joined = await call(`/communities/${community.id}/membership`, "POST", { intent: "join" });
    expect(joined.status).toBe(200);
    expect(joined.json.status).toBe("requested");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("pending");
    const bad = await call(`/communities/${community.id}/membership`, "POST", { intent: "take-over" });
    expect(bad.status).toBe(400);
    expect((await call("/communities/999999/membership", "POST", { intent: "join" })).status).toBe(404);

    await getDb()
      .update(schema.communityMembers)
      .set({ status: "active" })
      .where(
        and(eq(schema.communityMembers.communityId, community.id), eq(schema.communityMembers.userId, stranger.id)),
      );
    const mine = await call("/communities");
    expect(mine.json.data.subscribed.map((c: { id: number }) => c.id)).toContain(community.id);
    expect(mine.json.data.postable.map((c: { id: number }) => c.id)).toContain(community.id);
    expect((await call(`/communities/${community.id}/posts`)).status).toBe(200);
  });

  it("an invitation-only community refuses a join (403), the last owner cannot leave (403)", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    const refused = await (await api(stranger.id))(`/communities/${community.id}/membership`, "POST", {
      intent: "join",
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("not_allowed");
    const last = await (await api(owner.id))(`/communities/${community.id}/membership`, "POST", { intent: "leave" });
    expect(last.status).toBe(403);
    expect(last.json.error.code).toBe("last_owner");
  });

  it("creates posts by the composer's rules: pending where approval is needed, 403 where one may not post", async () => {
    const { owner, member, stranger, community } = await cast({ requiresApproval: true });
    const posted = await (await api(member.id))("/posts", "POST", {
      communityId: community.id,
      body: "From the app\n",
    });
    expect(posted.status).toBe(201);
    expect(posted.json.post).toMatchObject({ status: "pending", communityId: community.id });
    const byOwner = await (await api(owner.id))("/posts", "POST", { communityId: community.id, body: "Owner" });
    expect(byOwner.json.post.status).toBe("published");
    const refused = await (await api(stranger.id))("/posts", "POST", { communityId: community.id, body: "Hi" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: "not_allowed", message: "You cannot post in this community." });
    const empty = await (await api(member.id))("/posts", "POST", { communityId: community.id, body: "  " });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.body).toEqual(["Write something first."]);
    // The pending post: its author and the owner see it, a plain member does not.
    const reader = await createUser();
    await addMember(community.id, reader.id);
    const id = posted.json.post.id as number;
    expect((await (await api(member.id))(`/posts/${id}`)).status).toBe(200);
    expect((await (await api(owner.id))(`/posts/${id}`)).status).toBe(200);
    expect((await (await api(reader.id))(`/posts/${id}`)).status).toBe(404);
  });

  it("takes photos as multipart with the composer's checks; apps load them with their token", async () => {
    const { member, community } = await cast();
    const { token } = await issueTokens(member.id);
    const send = (images: Uint8Array<ArrayBuffer>[]) => {
      const form = new FormData();
      form.set("communityId", String(community.id));
      form.set("body", "Photos from the app");
      for (const bytes of images) form.append("images", new File([bytes], "p.png", { type: "image/png" }));
      return fetchApp("/api/v1/posts", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    };
    const refused = await send([new TextEncoder().encode("nope")]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("wrong_type");
    const created = await send([sizedPng(300, 200)]);
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: { id: number } };
    const shown = await (await api(member.id))(`/posts/${post.id}`);
    expect(shown.json.post.images).toEqual([
      { url: expect.stringMatching(/^http:\/\/localhost\/files\/posts\//), width: 300, height: 200 },
    ]);
    const image = await fetchApp(new URL(shown.json.post.images[0].url).pathname, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
  });

  it("pages the newsfeed by cursor with absolute URLs, without repeats", async () => {
    const { owner, member, community } = await cast();
    for (let i = 0; i < 22; i += 1) await createPost(owner, community.id, `Feed post ${i}`);
    const call = await api(member.id);
    const first = await call("/newsfeed");
    expect(first.json.data).toHaveLength(20);
    expect(first.json.endOfFeed).toBe(false);
    expect(first.json.data[0].author.avatar).toMatch(/^(default|http:\/\/localhost\/)/);
    const second = await call(`/newsfeed?before=${first.json.nextCursor}`);
    const ids = [...first.json.data, ...second.json.data].map((post: { id: number }) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(22);
    const community1 = await call(`/communities/${community.id}/posts`);
    expect(community1.json.data).toHaveLength(20);
    expect(community1.json.nextCursor).toMatch(/^\d+_\d+$/);
  });

  it("comments, replies, likes idempotently, reports and deletes with the pages' rules", async () => {
    const { owner, member, stranger, community } = await cast({ joinPolicy: "request" });
    const post = await createPost(owner, community.id, "Field trip");
    if (post.status !== "published") throw new Error("not published");
    const call = await api(member.id);
    const comment = await call(`/posts/${post.id}/comments`, "POST", { body: "Count me in" });
    expect(comment.status).toBe(201);
    const replyToReply = await addComment(owner, post.id, "Great", comment.json.comment.id);
    const reply = await call(`/posts/${post.id}/comments`, "POST", {
      body: "Thanks",
      replyTo: (replyToReply as { id: number }).id,
    });
    expect(reply.json.comment.parentId).toBe(comment.json.comment.id);
    const outsider = await api(stranger.id);
    expect((await outsider(`/posts/${post.id}/comments`, "POST", { body: "Sneaky" })).status).toBe(404);
    expect((await outsider(`/posts/${post.id}`)).status).toBe(404);

    const target = { targetType: "post", targetId: post.id };
    const likes = await Promise.all(Array.from({ length: 4 }, () => call("/likes", "POST", target)));
    expect(likes.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await getPostPage(member.id, post.id))?.post).toMatchObject({ likeCount: 1, liked: true });
    expect((await outsider("/likes", "POST", target)).status).toBe(404);
    expect((await call("/likes", "DELETE", target)).json).toEqual({ liked: false });
    expect((await getPostPage(member.id, post.id))?.post.likeCount).toBe(0);

    expect((await call("/reports", "POST", { ...target, reason: "Wrong date" })).status).toBe(201);
    expect((await outsider("/reports", "POST", { ...target, reason: "x" })).status).toBe(404);
    expect((await call("/reports", "POST", { ...target, reason: "" })).status).toBe(400);

    expect((await call(`/posts/${post.id}`, "DELETE")).status).toBe(404);
    expect((await (await api(owner.id))(`/posts/${post.id}`, "DELETE")).status).toBe(204);
    expect(await getPostPage(owner.id, post.id)).toBeNull();
  });
});
