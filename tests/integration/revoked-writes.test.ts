import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createGroup, sendMessage } from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { createEvent } from "~/server/events/events.server";
import { regenerateFeedToken } from "~/server/events/ical-feed.server";
import { sendFriendRequest } from "~/server/friends/friends.server";
import { sendMessage as sendMail } from "~/server/inbox/inbox.server";
import { changeInvite, getInvitePage } from "~/server/invitations/invites.server";
import { newInviteToken, secretHash } from "~/server/invitations/secrets.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { clientId, twoFriends } from "./chat-support";
import { actorOf, addMember, cast, membershipRow } from "./communities-support";
import { communityWithPeople, eventForm, eventInput, FIRST_START, rsvpsOf } from "./events-support";
import { friendshipRows, makeFriends, twoPeople } from "./friends-support";
import { createUser, fetchApp, postForm, signIn } from "./helpers";
import { type Person, pdf, people } from "./inbox-support";
import { api, bearerFor, expectApiError, notify } from "./notifications-support";
import { sizedJpeg } from "./post-images-support";
import { createSchool } from "./schools-support";

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
    await sendFriendRequest(b, a.id);
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
    // A form the browser navigates with (no JavaScript); a script's call gets 401 (decision 111).
    const open = await fetchApp(`/notifications/${notification.oid}/open`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": "navigate", Cookie: cookie },
      body: new URLSearchParams({ returnTo: "/newsfeed" }).toString(),
    });
    expectSignInRedirect(open);
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
    const created = await createEvent(manager, community.id, eventInput());
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

/** Every row of a table matching `where`, for before/after comparisons. */
async function rowsOf<T>(query: Promise<T[]>) {
  return JSON.parse(JSON.stringify(await query)) as T[];
}

function sendJson(path: string, token: string, method: string, body: unknown) {
  return fetchApp(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A multipart form post with a cookie, as a browser without JavaScript sends a file. */
function postMultipart(path: string, fields: Record<string, string | File>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetchApp(path, { method: "POST", headers: { Cookie: cookie }, body: form });
}

const jpeg = (name = "photo.jpg") => new File([sizedJpeg(64, 64)], name, { type: "image/jpeg" });

async function r2Keys(prefix: string) {
  return (await env.FILES.list({ prefix })).objects.map((object) => object.key);
}

describe("a revoked session writes nothing, everywhere else (decision 042)", () => {
  it("posts and comments: editing, deleting a comment, reporting, on the page and through the API", async () => {
    const { owner, member, community } = await cast();
    const db = getDb();
    const [post] = await db
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: member.id, body: "Original" })
      .returning();
    const [comment] = await db
      .insert(schema.comments)
      .values({ postId: post!.id, authorId: member.id, body: "Kept" })
      .returning();
    const { cookie, token } = await revokedSessions(member);
    expectSignInRedirect(await postForm(`/content/${post!.id}/edit`, { body: "Edited" }, { cookie }));
    const at = `/content/${post!.id}`;
    const commentId = String(comment!.id);
    expectSignInRedirect(await postForm(at, { intent: "editComment", commentId, body: "Changed" }, { cookie }));
    expectSignInRedirect(await postForm(at, { intent: "deleteComment", commentId, confirmed: "1" }, { cookie }));
    const reportPost = { intent: "report", targetType: "post", targetId: String(post!.id), reason: "Spam" };
    expectSignInRedirect(await postForm(at, reportPost, { cookie }));
    const reportComment = { targetType: "comment", targetId: comment!.id, reason: "Spam" };
    await expectApiError(await postJson("/api/v1/reports", token, reportComment), 401, "invalid_token");
    expect(await db.select().from(schema.posts).where(eq(schema.posts.id, post!.id))).toMatchObject([
      { body: "Original", editedAt: null },
    ]);
    expect(await db.select().from(schema.comments).where(eq(schema.comments.id, comment!.id))).toMatchObject([
      { body: "Kept", editedAt: null },
    ]);
    expect(await db.select().from(schema.reports).where(eq(schema.reports.communityId, community.id))).toEqual([]);

    // A manager's comment delete is the same write: refused too.
    const managers = await revokedSessions(owner);
    expectSignInRedirect(
      await postForm(at, { intent: "deleteComment", commentId, confirmed: "1" }, { cookie: managers.cookie }),
    );
    expect(await db.select().from(schema.comments).where(eq(schema.comments.id, comment!.id))).toHaveLength(1);
  });

  it("chat: read receipts (page, its script, the API) and deleting a message (page, API)", async () => {
    const { a, b } = await twoFriends();
    const mine = await sendMessage(a, { toUserId: b.id }, { content: "Mine", clientMsgId: clientId() });
    if (mine.status !== "ok") throw new Error(mine.status);
    const id = mine.message.conversationId;
    const later = Date.now() + 1_000;
    const theirs = await sendMessage(b, { conversationId: id }, { content: "Hi Ada", clientMsgId: clientId() }, later);
    if (theirs.status !== "ok") throw new Error(theirs.status);
    const p = schema.conversationParticipants;
    const readOf = async () =>
      (
        await getDb()
          .select()
          .from(p)
          .where(and(eq(p.conversationId, id), eq(p.userId, a.id)))
      )[0]?.lastReadAt;
    const before = await readOf();
    expect(before).toBeLessThan(later);

    const { cookie, token } = await revokedSessions(a);
    // Reads refuse a revoked session too (issue 22 item 2, decision 111), and mark nothing read.
    expectSignInRedirect(await fetchApp(`/chat/${id}`, { headers: { Cookie: cookie } }));
    await expectApiError(await postForm(`/chat/${id}/read`, {}, { cookie }), 401, "invalid_token");
    await expectApiError(await api(`/api/v2/conversation/${id}/read`, token, "POST"), 401, "invalid_token");
    expect(await readOf()).toBe(before);

    const messageId = String(mine.message.id);
    expectSignInRedirect(await postForm(`/chat/${id}`, { intent: "delete", messageId, confirmed: "1" }, { cookie }));
    await expectApiError(
      await api(`/api/v2/conversation/${id}/messages/${messageId}`, token, "DELETE"),
      401,
      "invalid_token",
    );
    const m = schema.messages;
    expect(await getDb().select().from(m).where(eq(m.id, mine.message.id))).toMatchObject([
      { content: "Mine", disposition: 0 },
    ]);
  });

  it("chat groups: creating, renaming, adding and leaving, on the page and through the API", async () => {
    const { a, b } = await twoFriends();
    const cy = await createUser({ name: "Cy Friend" });
    await makeFriends(a.id, cy.id);
    const made = await createGroup(a, { title: "Trip", memberIds: [b.id], createKey: clientId() });
    if (made.status !== "ok") throw new Error(made.status);
    const id = made.conversationId;
    const { cookie, token } = await revokedSessions(a);

    const create = { intent: "create", title: "New", member: String(b.id), createKey: clientId() };
    expectSignInRedirect(await postForm("/chat/new", create, { cookie }));
    await expectApiError(
      await postJson("/api/v2/conversation", token, { title: "New", userIds: [b.id] }),
      401,
      "invalid_token",
    );
    const here = `/chat/${id}/group`;
    expectSignInRedirect(await postForm(here, { intent: "rename", title: "Renamed" }, { cookie }));
    await expectApiError(
      await sendJson(`/api/v2/conversation/${id}`, token, "PATCH", { title: "Renamed" }),
      401,
      "invalid_token",
    );
    expectSignInRedirect(await postForm(here, { intent: "add", member: String(cy.id) }, { cookie }));
    const add = { userIds: [cy.id] };
    await expectApiError(await postJson(`/api/v2/conversation/${id}/participants`, token, add), 401, "invalid_token");
    expectSignInRedirect(await postForm(here, { intent: "leave", confirmed: "1" }, { cookie }));
    await expectApiError(await postJson(`/api/v2/conversation/${id}/leave`, token, {}), 401, "invalid_token");

    const c = schema.conversations;
    expect(await getDb().select().from(c).where(eq(c.title, "New"))).toEqual([]);
    expect(await getDb().select().from(c).where(eq(c.id, id))).toMatchObject([{ title: "Trip" }]);
    const p = schema.conversationParticipants;
    const members = await getDb().select().from(p).where(eq(p.conversationId, id));
    expect(members.map((row) => row.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it("events: creating, editing, moving and cancelling a date, cancelling the event, on the page", async () => {
    const { community, manager } = await communityWithPeople();
    const weekly = { recurrence: "weekly" as const, recurrenceUntil: Date.parse("2026-03-29T00:00:00Z") };
    const created = await createEvent(manager, community.id, eventInput({ ...weekly, title: "Choir" }));
    if (!created.ok) throw new Error(created.reason);
    const id = created.value;
    const second = FIRST_START + 7 * 86_400_000;
    const { cookie } = await revokedSessions(manager);
    const e = schema.events;
    const before = await rowsOf(getDb().select().from(e).where(eq(e.communityId, community.id)));

    expectSignInRedirect(
      await postForm("/calendar/new", { ...eventForm, community: String(community.id) }, { cookie }),
    );
    const edit = `/calendar/events/${id}/edit`;
    expectSignInRedirect(await postForm(edit, { ...eventForm, intent: "save", title: "Changed" }, { cookie }));
    const move = { intent: "move", occurrence: String(second), date: "2026-03-10", time: "18:00" };
    expectSignInRedirect(await postForm(edit, move, { cookie }));
    const cancelDate = { intent: "cancelOccurrence", occurrence: String(second), confirmed: "1" };
    expectSignInRedirect(await postForm(edit, cancelDate, { cookie }));
    expectSignInRedirect(await postForm(edit, { intent: "cancelEvent", confirmed: "1" }, { cookie }));

    expect(await rowsOf(getDb().select().from(e).where(eq(e.communityId, community.id)))).toEqual(before);
    const x = schema.eventExceptions;
    expect(await getDb().select().from(x).where(eq(x.eventId, id))).toEqual([]);
  });

  it("the private calendar address: making a new one and turning it off", async () => {
    const user = await createUser();
    const made = await regenerateFeedToken(user);
    expect(made).not.toBe("revoked");
    const f = schema.calendarFeeds;
    const before = await rowsOf(getDb().select().from(f).where(eq(f.userId, user.id)));
    expect(before).toHaveLength(1);
    const { cookie } = await revokedSessions(user);
    expectSignInRedirect(await postForm("/calendar/feed", { intent: "regenerate" }, { cookie }));
    expectSignInRedirect(await postForm("/calendar/feed", { intent: "revoke", confirmed: "1" }, { cookie }));
    expect(await rowsOf(getDb().select().from(f).where(eq(f.userId, user.id)))).toEqual(before);
  });

  it("communities: creating, and every manage form (details, picture, members, requests, posts)", async () => {
    const { owner, member, stranger, community } = await cast();
    const asker = await createUser();
    await addMember(community.id, asker.id, "member", "pending");
    const db = getDb();
    const [pending] = await db
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: member.id, body: "Waiting", status: "pending" })
      .returning();
    const [published] = await db
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: member.id, body: "Out" })
      .returning();
    await db.insert(schema.reports).values({
      communityId: community.id,
      targetType: "post",
      targetId: published!.id,
      reporterId: member.id,
      reason: "Spam",
    });
    const snapshot = async () => ({
      communities: await rowsOf(db.select().from(schema.communities).where(eq(schema.communities.ownerId, owner.id))),
      members: await rowsOf(
        db.select().from(schema.communityMembers).where(eq(schema.communityMembers.communityId, community.id)),
      ),
      posts: await rowsOf(db.select().from(schema.posts).where(eq(schema.posts.communityId, community.id))),
      reports: await rowsOf(db.select().from(schema.reports).where(eq(schema.reports.communityId, community.id))),
    });
    const before = await snapshot();
    const { cookie } = await revokedSessions(owner);
    const slug = `revoked-${Date.now().toString(36)}`;
    const details = { name: "Renamed", slug, category: "pto", joinPolicy: "open", description: "" };
    expectSignInRedirect(await postForm("/communities/create", details, { cookie }));
    const manage = `/communities/${community.id}/manage`;
    expectSignInRedirect(await postForm(`${manage}/edit`, details, { cookie }));
    expectSignInRedirect(await postMultipart(`${manage}/edit`, { intent: "avatar", avatar: jpeg() }, cookie));
    expectSignInRedirect(await postForm(`${manage}/edit`, { intent: "avatar-remove" }, { cookie }));
    const members = `${manage}/members`;
    expectSignInRedirect(await postForm(members, { intent: "promote", userId: String(member.id) }, { cookie }));
    const remove = { intent: "remove", userId: String(member.id), confirmed: "1" };
    expectSignInRedirect(await postForm(members, remove, { cookie }));
    expectSignInRedirect(await postForm(members, { intent: "invite", who: stranger.username ?? "" }, { cookie }));
    const approve = { intent: "approve", userId: String(asker.id) };
    expectSignInRedirect(await postForm(`${manage}/requests`, approve, { cookie }));
    const posts = `${manage}/posts`;
    for (const [intent, post] of [
      ["approve", pending],
      ["reject", pending],
      ["pin", published],
      ["dismissReports", published],
    ] as const) {
      const fields = { intent, postId: String(post!.id), confirmed: "1" };
      expectSignInRedirect(await postForm(posts, fields, { cookie }));
    }
    expect(await snapshot()).toEqual(before);
    expect(await db.select().from(schema.communities).where(eq(schema.communities.slug, slug))).toEqual([]);
    expect(await r2Keys(`communities/${community.id}/`)).toEqual([]);
  });

  it("settings: email change, avatar upload and removal, account deletion", async () => {
    const user = await createUser({ name: "Kept Person" });
    const key = `avatars/${user.id}/${crypto.randomUUID()}.jpg`;
    await getDb().update(schema.users).set({ avatar: key }).where(eq(schema.users.id, user.id));
    const { cookie } = await revokedSessions(user);
    const [before] = await rowsOf(getDb().select().from(schema.users).where(eq(schema.users.id, user.id)));
    const email = { intent: "email", email: `moved-${user.id}@example.test`, currentPassword: user.password };
    expectSignInRedirect(await postForm("/profile/settings", email, { cookie }));
    expectSignInRedirect(await postMultipart("/profile/settings", { intent: "avatar", avatar: jpeg() }, cookie));
    expectSignInRedirect(await postForm("/profile/settings", { intent: "avatar-remove" }, { cookie }));
    expectSignInRedirect(
      await postForm("/profile/settings", { intent: "delete", password: user.password, confirmation: "" }, { cookie }),
    );
    const [after] = await rowsOf(getDb().select().from(schema.users).where(eq(schema.users.id, user.id)));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ avatar: key, deletedAt: null, name: "Kept Person" });
    const t = schema.emailTokens;
    expect(await getDb().select().from(t).where(eq(t.userId, user.id))).toEqual([]);
    expect(await r2Keys(`avatars/${user.id}/`)).toEqual([]);
  });

  it("inbox (/messagesold): sending, opening, marking unread and deleting, on the page and through the API", async () => {
    const { ada, ben } = await people();
    const mail = (sender: Person, to: Person, subject: string) =>
      sendMail({ sender, to: [to.username!], subject, body: subject, clientKey: crypto.randomUUID() });
    const received = await mail(ben, ada, "Hi");
    const read = await mail(ben, ada, "Old");
    const own = await mail(ada, ben, "Mine");
    if (received.status !== "sent" || read.status !== "sent" || own.status !== "sent") throw new Error("not sent");
    const r = schema.mailRecipients;
    await getDb()
      .update(r)
      .set({ readAt: Date.now() })
      .where(and(eq(r.messageId, read.id), eq(r.userId, ada.id)));
    const m = schema.mailMessages;
    const snapshot = async () => ({
      messages: await rowsOf(getDb().select().from(m).where(eq(m.senderId, ada.id))),
      copies: await rowsOf(getDb().select().from(r).where(eq(r.userId, ada.id))),
    });
    const before = await snapshot();
    const { cookie, token } = await revokedSessions(ada);

    const form = { to: ben.username!, subject: "Nope", body: "Nope", clientKey: crypto.randomUUID(), files: pdf() };
    expectSignInRedirect(await postMultipart("/messagesold/compose", form, cookie));
    const viaApi = { to: [ben.username], subject: "Nope", body: "Nope" };
    await expectApiError(await postJson("/api/v2/inbox", token, viaApi), 401, "invalid_token");
    // Opening is refused (reads check revocation too, decision 111) and marks nothing read.
    expectSignInRedirect(await fetchApp(`/messagesold/${received.id}`, { headers: { Cookie: cookie } }));
    await expectApiError(await api(`/api/v2/inbox/${received.id}`, token), 401, "invalid_token");
    const thread = `/messagesold/${read.id}`;
    expectSignInRedirect(await postForm(thread, { intent: "unread", messageId: String(read.id) }, { cookie }));
    const remove = { intent: "delete", messageId: String(own.id), confirmed: "1" };
    expectSignInRedirect(await postForm(thread, remove, { cookie }));
    await expectApiError(await api(`/api/v2/inbox/${received.id}`, token, "DELETE"), 401, "invalid_token");

    expect(await snapshot()).toEqual(before);
    expect(await r2Keys(`mail/${ada.id}/`)).toEqual([]);
  });

  it("schools: following and unfollowing", async () => {
    const user = await createUser();
    const [followed, other] = [await createSchool(), await createSchool()];
    const f = schema.schoolFollows;
    await getDb().insert(f).values({ userId: user.id, schoolId: followed.id });
    const { cookie } = await revokedSessions(user);
    expectSignInRedirect(await postForm(`/schools/${other.id}`, { intent: "follow" }, { cookie }));
    expectSignInRedirect(await postForm(`/schools/${followed.id}`, { intent: "unfollow" }, { cookie }));
    const rows = await getDb().select().from(f).where(eq(f.userId, user.id));
    expect(rows.map((row) => row.schoolId)).toEqual([followed.id]);
  });

  it("the contact form: a revoked session counts as signed out, so the message names no account", async () => {
    const user = await createUser();
    const { cookie } = await revokedSessions(user);
    const email = `revoked-${user.id}@example.test`;
    const fields = { name: "Jo Parent", email, topic: "general", message: "I cannot find my settings page." };
    expect((await postForm("/about/contact", fields, { cookie })).status).toBe(302);
    const c = schema.contactMessages;
    expect(await getDb().select().from(c).where(eq(c.email, email))).toMatchObject([{ userId: null }]);
  });
});

/**
 * With JavaScript, React Router posts to `{page}.data` and follows the redirect it answers. The
 * sign-in redirect must name the page, not its data URL (that would send the person to a page
 * of raw data after signing in).
 */
async function dataPost(path: string, fields: Record<string, string>, cookie: string) {
  const [pathname, search] = path.split("?");
  const response = await fetchApp(`${pathname}.data${search ? `?${search}` : ""}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return /"redirect","([^"]+)"/.exec(await response.text())?.[1];
}

describe("invitations taken up with a revoked session (decisions 155, 173)", () => {
  it("sends the person to sign in, joins nothing, says nothing of a ban, and the link still works", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    const token = newInviteToken();
    await getDb()
      .insert(schema.rosterInvitations)
      .values({
        communityId: community.id,
        email: stranger.email,
        student: "Sam Smith",
        state: "sent",
        tokenHash: await secretHash(token),
        invitedBy: owner.id,
        expiresAt: Date.now() + 86_400_000,
      });
    const { cookie } = await revokedSessions(stranger);
    const path = `/join/email/${token}`;
    const refused = await postForm(path, {}, { cookie });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
    const [invitation] = await getDb()
      .select()
      .from(schema.rosterInvitations)
      .where(eq(schema.rosterInvitations.communityId, community.id));
    expect(invitation).toMatchObject({ state: "sent", joinedUserId: null });

    const live = await signIn(stranger.email, stranger.password);
    const joined = await postForm(path, {}, { cookie: live });
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}`);
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("active");
  });

  it("the class's join code: the same, to sign in and not a member", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "invite" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const page = await getInvitePage(owner.id, community.id);
    if (page.status !== "ok" || !page.invite) throw new Error("no code");
    const { cookie } = await revokedSessions(stranger);
    expectSignInRedirect(await postForm("/join", { code: page.invite.code }, { cookie }));
    expect(await membershipRow(community.id, stranger.id)).toBeNull();
  });
});

describe("a revoked session with JavaScript: the same refusals, redirecting to sign in on the page itself", () => {
  it("sends the person to sign in with the page (not its .data URL) as the way back", async () => {
    const { owner, member, community } = await cast();
    const school = await createSchool();
    const [post] = await getDb()
      .insert(schema.posts)
      .values({ communityId: community.id, authorId: owner.id, body: "Original" })
      .returning();
    const { a, b } = await twoFriends();
    const group = await createGroup(a, { title: "Trip", memberIds: [b.id], createKey: clientId() });
    if (group.status !== "ok") throw new Error(group.status);
    const owners = await revokedSessions(owner);
    const friends = await revokedSessions(a);
    const cases: [string, Record<string, string>, string][] = [
      // Guarded before this change too (decision 042), but redirected to the .data URL.
      [`/users/${member.id}/friend`, { intent: "send", confirmed: "1" }, owners.cookie],
      // Guarded by this change.
      [`/schools/${school.id}`, { intent: "follow" }, owners.cookie],
      [`/content/${post!.id}/edit`, { body: "Edited" }, owners.cookie],
      [`/content/${post!.id}`, { intent: "deleteComment", commentId: "1", confirmed: "1" }, owners.cookie],
      ["/profile/settings", { intent: "avatar-remove" }, owners.cookie],
      ["/profile/settings", { intent: "theme", theme: "theme-g" }, owners.cookie],
      [`/communities/${community.id}/manage/members`, { intent: "promote", userId: String(member.id) }, owners.cookie],
      ["/calendar/feed", { intent: "regenerate" }, owners.cookie],
      [`/chat/${group.conversationId}/group`, { intent: "rename", title: "Renamed" }, friends.cookie],
      ["/chat/new", { intent: "create", title: "New", member: String(b.id), createKey: clientId() }, friends.cookie],
    ];
    for (const [path, fields, cookie] of cases) {
      expect(await dataPost(path, fields, cookie), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    expect(await getDb().select().from(schema.posts).where(eq(schema.posts.id, post!.id))).toMatchObject([
      { body: "Original" },
    ]);
    expect(
      await getDb().select().from(schema.conversations).where(eq(schema.conversations.id, group.conversationId)),
    ).toMatchObject([{ title: "Trip" }]);
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

/**
 * Where the sign-in redirect of a refused write leads (decision 082, "Open"): the token's
 * claims still say "signed in", so /login must not bounce the person straight back with the
 * write silently lost. It renews a session whose refresh token still works (a logout on another
 * device) and ends one whose refresh token was revoked (this device logged out).
 */
describe("/login after a write refused a revoked token", () => {
  async function cookieAfter(response: Response) {
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  it("renews the other device's session, says so, and the retried write lands", async () => {
    const { a, b } = await twoPeople();
    const phone = await signIn(a.email, a.password);
    const laptop = await signIn(a.email, a.password);
    expect((await fetchApp("/login/logout", { method: "POST", headers: { Cookie: laptop } })).status).toBe(302);

    const refused = await postForm(`/users/${b.id}/friend`, { intent: "send", confirmed: "1" }, { cookie: phone });
    expectSignInRedirect(refused);
    expect(await friendshipRows(a.id, b.id)).toEqual([]);

    const login = await fetchApp(refused.headers.get("Location")!, { headers: { Cookie: phone } });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe(`/users/${b.id}/friend`);
    const renewed = await cookieAfter(login);
    expect(renewed).toMatch(/^__session=/);

    // The page the person returns to tells them the change was not saved.
    const page = await fetchApp(`/users/${b.id}`, { headers: { Cookie: renewed } });
    expect(await page.text()).toContain("that last change was not saved");

    const retried = await postForm(`/users/${b.id}/friend`, { intent: "send", confirmed: "1" }, { cookie: renewed });
    expect(retried.status).toBe(302);
    expect(retried.headers.get("Location")).not.toMatch(/^\/login/);
    expect(await friendshipRows(a.id, b.id)).toMatchObject([{ status: "pending" }]);
  });

  it("ends the session of the device that logged out: the sign-in form shows", async () => {
    const { a, b } = await twoPeople();
    const { cookie } = await revokedSessions(a);
    const refused = await postForm(`/users/${b.id}/friend`, { intent: "send", confirmed: "1" }, { cookie });
    expectSignInRedirect(refused);

    const login = await fetchApp(refused.headers.get("Location")!, { headers: { Cookie: cookie } });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('name="identifier"');
    const cleared = login.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cleared).toBeDefined();
    // What the cleared cookie carries no longer signs anyone in.
    const after = await fetchApp("/newsfeed", { headers: { Cookie: cleared!.split(";")[0] } });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login/);
  });
});
