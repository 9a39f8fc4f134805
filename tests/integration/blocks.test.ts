import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { createGroup, sendMessage } from "~/server/chat/chat.server";
import { addComment } from "~/server/content/comments.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { blockUser } from "~/server/friends/blocks.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { clientId, shareCommunity } from "./chat-support";
import { friendshipRows, makeFriends } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";

/** Issue 26 item 3, decision 160: blocking, through the web forms, the API and group adds. */

async function bearer(userId: number) {
  const { token } = await issueTokens(userId);
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

/** A parent and a neighbour who are friends and share a community, with a post and a comment each way. */
async function neighbours() {
  const parent = await createUser({ name: "Pat Blocker" });
  const other = await createUser({ name: "Nico Blocked" });
  await makeFriends(parent.id, other.id);
  const communityId = await shareCommunity(parent.id, other.id);
  const post = await createPost(other, communityId, "Selling raffle tickets, DM me");
  if (!("id" in post)) throw new Error(post.status);
  const own = await createPost(parent, communityId, "Bake sale on Friday");
  if (!("id" in own)) throw new Error(own.status);
  const comment = await addComment(other, own.id, "Buy my raffle tickets instead");
  if (!comment) throw new Error("no comment");
  return { parent, other, communityId, postId: post.id, ownPostId: own.id };
}

const page = async (path: string, cookie: string) => (await fetchApp(path, { headers: { Cookie: cookie } })).text();

describe("blocking a person (issue 26 item 3)", { timeout: 60_000 }, () => {
  it("asks first without JavaScript, then blocks: friendship ends, posts, comments and messages are hidden with an undo", async () => {
    const { parent, other, ownPostId } = await neighbours();
    const sent = await sendMessage(
      other,
      { toUserId: parent.id },
      { content: "Did you get my DM?", clientMsgId: clientId() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);
    const cookie = await signIn(parent.email, parent.password);

    // Without confirmed=1 the action answers a page that asks.
    const ask = await postForm(`/users/${other.id}/block`, { intent: "block", returnTo: "/newsfeed" }, { cookie });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain(`Block ${other.name}?`);
    const blocked = await postForm(
      `/users/${other.id}/block`,
      { intent: "block", returnTo: "/newsfeed", confirmed: "1" },
      { cookie },
    );
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe("/newsfeed");
    expect(await friendshipRows(parent.id, other.id)).toHaveLength(0);

    const feed = await page("/newsfeed", cookie);
    expect(feed).not.toContain("Selling raffle tickets");
    expect(feed).not.toContain("Buy my raffle tickets instead");
    expect(feed).toContain("Hidden: you blocked this person");
    expect(feed).toContain(`action="/users/${other.id}/block"`);
    expect(feed).toContain("Bake sale on Friday");
    const post = await page(`/content/${ownPostId}`, cookie);
    expect(post).not.toContain("Buy my raffle tickets instead");
    expect(post).toContain("Hidden: you blocked this person");

    const chat = await page(`/chat/@${other.username}`, cookie);
    expect(chat).not.toContain("Did you get my DM?");
    expect(chat).toContain("Hidden: you blocked this person");
    expect(chat).not.toContain('name="content"');

    // The profile offers Unblock instead of the friend controls; settings list them.
    const profile = await page(`/users/${other.id}`, cookie);
    expect(profile).toContain("Unblock");
    expect(profile).not.toContain("Add Friend");
    const settings = await page("/profile/settings", cookie);
    expect(settings).toContain("Blocked people");
    expect(settings).toContain(other.name);

    // Undo brings everything back (the friendship does not come back by itself).
    const undo = await postForm(`/users/${other.id}/block`, { intent: "unblock", returnTo: "/newsfeed" }, { cookie });
    expect(undo.status).toBe(302);
    const again = await page("/newsfeed", cookie);
    expect(again).toContain("Selling raffle tickets");
    expect(again).not.toContain("Hidden: you blocked this person");
    expect(await page("/profile/settings", cookie)).toContain("You haven&#x27;t blocked anyone.");
  });

  it("the blocked person cannot message the blocker (web form and API) and is told nothing", async () => {
    const { parent, other } = await neighbours();
    const sent = await sendMessage(parent, { toUserId: other.id }, { content: "Hello", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const before = (await listNotifications(other.id)).data.length;
    expect((await blockUser(parent, other.id)).status).toBe("ok");
    expect((await listNotifications(other.id)).data.length).toBe(before);

    const cookie = await signIn(other.email, other.password);
    const refused = await postForm(
      `/chat/@${parent.username}`,
      { intent: "send", content: "Why?", clientMsgId: clientId(), to: String(parent.id) },
      { cookie },
    );
    expect(refused.status).toBe(403);
    const api = await fetchApp(`/api/v2/conversation/${sent.message.conversationId}/messages`, {
      method: "POST",
      headers: await bearer(other.id),
      body: JSON.stringify({ content: "Still there?", clientMsgId: clientId() }),
    });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("not_allowed");
    // The blocker cannot write to them either while the block stands.
    const back = await sendMessage(parent, { toUserId: other.id }, { content: "x", clientMsgId: clientId() });
    expect(back.status).toBe("not_allowed");
    const rows = await getDb()
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.conversationId, sent.message.conversationId));
    expect(rows.map((row) => row.content)).toEqual(["Hello"]);
  });

  it("the blocked person cannot add the blocker to a group (service and API)", async () => {
    const { parent, other } = await neighbours();
    const third = await createUser({ name: "Quinn Third" });
    await makeFriends(other.id, third.id);
    await blockUser(parent, other.id);
    const group = await createGroup(other, {
      title: "Raffle",
      memberIds: [parent.id, third.id],
      createKey: clientId(),
    });
    expect(group.status).toBe("not_allowed");
    const api = await fetchApp("/api/v2/conversation", {
      method: "POST",
      headers: await bearer(other.id),
      body: JSON.stringify({ title: "Raffle", userIds: [parent.id] }),
    });
    expect(api.status).toBe(403);
    // A group made before the block: adding the blocker later is refused too.
    const made = await createGroup(other, { title: "Tickets", memberIds: [third.id], createKey: clientId() });
    if (made.status !== "ok") throw new Error(made.status);
    const add = await fetchApp(`/api/v2/conversation/${made.conversationId}/participants`, {
      method: "POST",
      headers: await bearer(other.id),
      body: JSON.stringify({ userIds: [parent.id] }),
    });
    expect(add.status).toBe(403);
  });

  it("the blocked person cannot send a friend request (form and API) nor find the blocker", async () => {
    const { parent, other } = await neighbours();
    await blockUser(parent, other.id);
    const cookie = await signIn(other.email, other.password);
    const form = await postForm(
      `/users/${parent.id}/friend`,
      { intent: "send", confirmed: "1", returnTo: "/profile/friends" },
      { cookie },
    );
    expect(form.status).toBe(302);
    expect(await friendshipRows(parent.id, other.id)).toHaveLength(0);
    const api = await fetchApp(`/api/v1/user/${parent.id}/friend`, { method: "POST", headers: await bearer(other.id) });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("not_allowed");
    expect(await friendshipRows(parent.id, other.id)).toHaveLength(0);

    const search = await page(`/profile/friends?q=${encodeURIComponent("Pat Blocker")}`, cookie);
    expect(search).not.toContain(`/users/${parent.id}"`);
    // Nor in the people they may start a group with.
    const candidates = await page(`/chat/new?q=Pat`, cookie);
    expect(candidates).not.toContain(parent.name);
  });

  it("manages the block list over the API", async () => {
    const { parent, other } = await neighbours();
    const headers = await bearer(parent.id);
    const created = await fetchApp("/api/v2/blocks", {
      method: "POST",
      headers,
      body: JSON.stringify({ userId: other.id }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ blocked: { id: other.id, name: other.name } });
    const list = (await (await fetchApp("/api/v2/blocks", { headers })).json()) as { blocked: { id: number }[] };
    expect(list.blocked.map((person) => person.id)).toEqual([other.id]);
    const self = await fetchApp("/api/v2/blocks", {
      method: "POST",
      headers,
      body: JSON.stringify({ userId: parent.id }),
    });
    expect(self.status).toBe(400);
    const bad = await fetchApp("/api/v2/blocks", { method: "POST", headers, body: JSON.stringify({ userId: "x" }) });
    expect(bad.status).toBe(400);
    const removed = await fetchApp(`/api/v2/blocks/${other.id}`, { method: "DELETE", headers });
    expect(removed.status).toBe(200);
    const rows = await getDb()
      .select()
      .from(schema.blocks)
      .where(and(eq(schema.blocks.blockerId, parent.id), eq(schema.blocks.blockedId, other.id)));
    expect(rows).toHaveLength(0);
    const anonymous = await fetchApp("/api/v2/blocks");
    expect(anonymous.status).toBe(401);
  });
});
