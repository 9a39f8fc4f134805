import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { createEvent } from "~/server/events/events.server";
import { sendFriendRequest } from "~/server/friends/friends.server";
import { listNotifications } from "~/server/notifications.server";
import { clientId, twoFriends } from "./chat-support";
import { addMember, cast } from "./communities-support";
import { communityWithPeople, eventInput, FIRST_START, rsvpsOf } from "./events-support";
import { ctx, friendshipRows, twoPeople } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { api, bearerFor, expectApiError, notify } from "./notifications-support";

/**
 * Decision 042: after a logout (or deletion) the access tokens already issued stay unexpired
 * for up to 300 s, but every write refuses them, in the write's own batch: the page treats the
 * request as signed out (to sign-in), the API answers 401, and nothing changes.
 */

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

/** A web cookie and an API token of `user`, both unexpired, whose sessions a web logout then ended. */
async function revokedSessions(user: { id: number; email: string; password: string }) {
  const cookie = await signIn(user.email, user.password);
  const token = await bearerFor(user.id);
  const out = await fetchApp("/login/logout", { method: "POST", headers: { Cookie: cookie } });
  expect(out.status).toBe(302);
  return { cookie, token };
}

function expectSignInRedirect(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
}

function postJson(path: string, token: string, body: unknown) {
  return fetchApp(path, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("a revoked session writes nothing (decision 042)", () => {
  it("friends: sending and accepting, on the page and through the API", async () => {
    const { a, b } = await twoPeople();
    const { cookie, token } = await revokedSessions(a);
    expectSignInRedirect(await postForm(`/users/${b.id}/friend`, { intent: "send", confirmed: "1" }, { cookie }));
    await expectApiError(await api(`/api/v1/user/${b.id}/friend`, token, "POST"), 401, "invalid_token");
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
    expect((await listNotifications(b.id)).data).toEqual([]);

    // b asked first (b's session is live); a's revoked session cannot accept, nor undo it.
    await sendFriendRequest(b, a.id, ctx);
    expectSignInRedirect(await postForm(`/users/${b.id}/friend`, { intent: "accept" }, { cookie }));
    await expectApiError(await api(`/api/v1/user/${b.id}/friend`, token, "DELETE"), 401, "invalid_token");
    expect(await friendshipRows(a.id, b.id)).toMatchObject([{ status: "pending" }]);
    expect((await listNotifications(a.id)).unreadCount).toBe(1);
  });

  it("notifications: mark read through the API and opening one on the page", async () => {
    const user = await createUser();
    const notification = await notify(user.id, "Hello");
    const { cookie, token } = await revokedSessions(user);
    await expectApiError(
      await api(`/api/v1/notifications/${notification.oid}/markread`, token, "POST"),
      401,
      "invalid_token",
    );
    expectSignInRedirect(
      await postForm(`/notifications/${notification.oid}/open`, { returnTo: "/newsfeed" }, { cookie }),
    );
    expect((await listNotifications(user.id)).unreadCount).toBe(1);
  });

  it("settings: profile, password and theme; /theme saves nothing on the account", async () => {
    const user = await createUser({ name: "Kept Name", theme: "theme-a" });
    const { cookie } = await revokedSessions(user);
    expectSignInRedirect(
      await postForm(
        "/profile/settings",
        { intent: "profile", name: "Changed", username: user.username ?? "" },
        { cookie },
      ),
    );
    expectSignInRedirect(
      await postForm(
        "/profile/settings",
        {
          intent: "password",
          currentPassword: user.password,
          newPassword: "another long secret 9",
          confirmPassword: "another long secret 9",
        },
        { cookie },
      ),
    );
    expectSignInRedirect(await postForm("/profile/settings", { intent: "theme", theme: "theme-g" }, { cookie }));
    expect((await postForm("/theme", { theme: "theme-h", redirectTo: "/" }, { cookie })).status).toBe(302);
    const [row] = await getDb().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ name: "Kept Name", theme: "theme-a", passwordHash: user.passwordHash });
  });

  it("posts, comments and likes on the page, and undoing them", async () => {
    const { owner, member, community } = await cast();
    const { cookie } = await revokedSessions(member);
    expectSignInRedirect(
      await postForm("/content", { communityId: String(community.id), body: "Should not appear" }, { cookie }),
    );
    const posts = schema.posts;
    expect(await getDb().select().from(posts).where(eq(posts.authorId, member.id))).toEqual([]);

    const [post] = await getDb()
      .insert(posts)
      .values({ communityId: community.id, authorId: owner.id, body: "Hi" })
      .returning();
    expectSignInRedirect(await postForm(`/content/${post!.id}`, { intent: "comment", body: "No" }, { cookie }));
    expectSignInRedirect(
      await postForm(
        `/content/${post!.id}`,
        { intent: "like", targetType: "post", targetId: String(post!.id) },
        { cookie },
      ),
    );
    expect(await getDb().select().from(schema.comments).where(eq(schema.comments.postId, post!.id))).toEqual([]);
    expect(await getDb().select().from(schema.likes).where(eq(schema.likes.userId, member.id))).toEqual([]);

    // Undoing is a write too: a like stays, and so does the member's own post.
    await getDb().insert(schema.likes).values({ userId: member.id, targetType: "post", targetId: post!.id });
    const fields = { targetType: "post", targetId: String(post!.id) };
    expectSignInRedirect(await postForm(`/content/${post!.id}`, { intent: "unlike", ...fields }, { cookie }));
    expect(await getDb().select().from(schema.likes).where(eq(schema.likes.userId, member.id))).toHaveLength(1);
    const [own] = await getDb()
      .insert(posts)
      .values({ communityId: community.id, authorId: member.id, body: "Mine" })
      .returning();
    expectSignInRedirect(await postForm(`/content/${own!.id}`, { intent: "deletePost", confirmed: "1" }, { cookie }));
    expect(await getDb().select().from(posts).where(eq(posts.id, own!.id))).toHaveLength(1);
  });

  it("chat: sending on the page, from the page's script and through the API", async () => {
    const { a, b } = await twoFriends();
    const first = await sendMessage(b, { toUserId: a.id }, { content: "Hi Ada", clientMsgId: clientId() });
    if (first.status !== "ok") throw new Error(first.status);
    const id = first.message.conversationId;
    const { cookie, token } = await revokedSessions(a);
    expectSignInRedirect(
      await postForm(`/chat/${id}`, { intent: "send", content: "Page", clientMsgId: clientId() }, { cookie }),
    );
    const script = await postForm(`/chat/${id}/messages`, { content: "Script", clientMsgId: clientId() }, { cookie });
    await expectApiError(script, 401, "invalid_token");
    const viaApi = await postJson(`/api/v2/conversation/${id}/messages`, token, {
      content: "API",
      clientMsgId: clientId(),
    });
    await expectApiError(viaApi, 401, "invalid_token");
    const m = schema.messages;
    expect(
      await getDb()
        .select()
        .from(m)
        .where(and(eq(m.conversationId, id), eq(m.senderId, a.id))),
    ).toEqual([]);
  });

  it("events: an RSVP on the page", async () => {
    const { community, manager, member } = await communityWithPeople();
    const created = await createEvent(manager.id, community.id, eventInput());
    if (!created.ok) throw new Error("not created");
    const { cookie } = await revokedSessions(member);
    expectSignInRedirect(
      await postForm(
        `/calendar/events/${created.value}`,
        { answer: "going", occurrence: String(FIRST_START) },
        { cookie },
      ),
    );
    expect(await rsvpsOf(created.value)).toEqual([]);
  });

  it("communities: joining and leaving on the page", async () => {
    const { member, stranger, community } = await cast();
    const strangers = await revokedSessions(stranger);
    expectSignInRedirect(
      await postForm(`/communities/${community.id}`, { intent: "join" }, { cookie: strangers.cookie }),
    );
    const members = await revokedSessions(member);
    expectSignInRedirect(
      await postForm(`/communities/${community.id}`, { intent: "leave", confirmed: "1" }, { cookie: members.cookie }),
    );
    const rows = await getDb()
      .select({ userId: schema.communityMembers.userId })
      .from(schema.communityMembers)
      .where(eq(schema.communityMembers.communityId, community.id));
    expect(rows.some((row) => row.userId === member.id)).toBe(true);
    expect(rows.some((row) => row.userId === stranger.id)).toBe(false);
  });
});

describe("a live session still writes (the same requests, not revoked)", () => {
  it("joins a community and sends a friend request", async () => {
    const { stranger, community } = await cast();
    const cookie = await signIn(stranger.email, stranger.password);
    const joined = await postForm(`/communities/${community.id}`, { intent: "join" }, { cookie });
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}`);
    const other = await createUser();
    await addMember(community.id, other.id);
    const sent = await postForm(`/users/${other.id}/friend`, { intent: "send", confirmed: "1" }, { cookie });
    expect(sent.headers.get("Location")).toBe(`/users/${other.id}`);
    expect(await friendshipRows(stranger.id, other.id)).toMatchObject([{ status: "pending" }]);
  });
});
