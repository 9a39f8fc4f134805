import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RealtimeFrame } from "~/realtime/protocol";
import { issueTokens, signAccessToken } from "~/server/auth/tokens.server";
import {
  createNotification,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/server/notifications/notifications.server";
import { publishToUser, publishToUsers } from "~/server/realtime/realtime.server";
import { commitSession, getSession } from "~/server/session/session.server";
import type { SocketAttachment } from "../../workers/user-hub";
import { createUser, fetchApp, signIn } from "./helpers";
import { connect, hubOf, upgrade } from "./realtime-support";

const frame = (conversationId: number): RealtimeFrame => ({
  messageType: "conversationLastRead",
  data: { conversationId },
});

async function tokenFor(userId: number) {
  return (await issueTokens(userId)).token;
}

describe("/realtime refuses before any socket opens", () => {
  it("answers 401 without credentials, with a bad token and with an expired one", async () => {
    const user = await createUser();
    const expired = await signAccessToken(user, Date.now() - 10 * 60_000);
    for (const path of ["/realtime", "/realtime?token=nonsense", `/realtime?token=${expired}`]) {
      const response = await upgrade(path);
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
    }
  });

  it("answers 401 to a cookie whose access token expired: the browser renews at /realtime/session", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    session.set("accessToken", await signAccessToken(user, Date.now() - 10 * 60_000));
    const response = await upgrade("/realtime", { Cookie: (await commitSession(session)).split(";")[0]! });
    expect(response.status).toBe(401);
  });

  it("answers 403 to a cookie sent from another site's page", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await upgrade("/realtime", { Cookie: cookie, Origin: "https://evil.test" });
    expect(response.status).toBe(403);
  });

  it("refuses a deactivated account even with a valid token", async () => {
    const user = await createUser({ deletedAt: Date.now() });
    // Signed as if issued before the deletion: issueTokens refuses a deleted account (decision 042).
    expect((await upgrade(`/realtime?token=${await signAccessToken(user)}`)).status).toBe(401);
  });

  it("answers 426 without Upgrade: websocket and 405 to other methods", async () => {
    const user = await createUser();
    expect((await fetchApp(`/realtime?token=${await tokenFor(user.id)}`)).status).toBe(426);
    expect((await fetchApp("/realtime", { method: "POST" })).status).toBe(405);
  });
});

describe("UserHub fan-out (DESIGN §1)", () => {
  it("accepts ?token and the cookie session, and delivers one publish to every socket of the user only", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const viaToken = await connect(`/realtime?token=${await tokenFor(alice.id)}`);
    const viaCookie = await connect("/realtime", { Cookie: await signIn(alice.email, alice.password) });
    const bobs = await connect(`/realtime?token=${await tokenFor(bob.id)}`);

    expect(await publishToUser(alice.id, frame(7))).toBe(2);
    expect(JSON.parse(await viaToken.next())).toEqual(frame(7));
    expect(JSON.parse(await viaCookie.next())).toEqual(frame(7));
    expect(await bobs.silentFor(100)).toBe(true);

    expect(await publishToUsers([alice.id, bob.id, bob.id], frame(8))).toBe(3);
    expect(JSON.parse(await bobs.next())).toEqual(frame(8));
  });

  it("answers a ping with a pong", async () => {
    const user = await createUser();
    const client = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    client.socket.send(JSON.stringify({ type: "ping" }));
    expect(JSON.parse(await client.next())).toEqual({ type: "pong" });
    client.socket.send("not json");
    client.socket.send(JSON.stringify({ type: "ping" }));
    expect(JSON.parse(await client.next())).toEqual({ type: "pong" });
  });

  it("keeps who each socket belongs to in its attachment and still delivers after hibernation", async () => {
    const user = await createUser();
    const before = Date.now();
    const one = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    const two = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    const hub = hubOf(user.id);
    const attachments = await runInDurableObject(hub, (_instance, state) =>
      state.getWebSockets().map((socket) => socket.deserializeAttachment() as SocketAttachment),
    );
    expect(attachments).toHaveLength(2);
    for (const attachment of attachments) {
      expect(attachment.userId).toBe(user.id);
      expect(attachment.connectedAt).toBeGreaterThanOrEqual(before);
    }

    // The object leaves memory; its sockets stay open and it wakes up for the next publish.
    await evictDurableObject(hub);
    expect(await publishToUser(user.id, frame(9))).toBe(2);
    expect(JSON.parse(await one.next())).toEqual(frame(9));
    expect(JSON.parse(await two.next())).toEqual(frame(9));
    const after = await runInDurableObject(hub, (_instance, state) =>
      state.getWebSockets().map((socket) => (socket.deserializeAttachment() as SocketAttachment).userId),
    );
    expect(after).toEqual([user.id, user.id]);
  });

  it("forgets a socket that closed", async () => {
    const user = await createUser();
    const client = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    const closed = new Promise((resolve) => client.socket.addEventListener("close", resolve));
    client.socket.close(1000, "bye");
    await closed;
    await expect.poll(() => hubOf(user.id).connectionCount()).toBe(0);
    expect(await publishToUser(user.id, frame(1))).toBe(0);
  });
});

describe("services publish notification frames after the write (SPEC §4)", () => {
  it("sends a new notification with the unread total, then its read state", async () => {
    const user = await createUser();
    const client = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    const created = await createNotification({
      userId: user.id,
      title: "Hello",
      url: "/newsfeed",
      origin: "https://a.test",
    });
    expect(JSON.parse(await client.next())).toEqual({
      messageType: "notification",
      data: { ...created, unreadCount: 1 },
    });
    await markNotificationRead(user, created.oid);
    expect(JSON.parse(await client.next())).toEqual({
      messageType: "notification",
      data: { ...created, seen: true, unreadCount: 0 },
    });
  });

  it("on mark all read, sends the first page's changes oldest first, each with the total", async () => {
    const user = await createUser();
    const older = await createNotification({
      userId: user.id,
      title: "Older",
      url: "https://a.test/",
      now: Date.now() - 1000,
    });
    const newer = await createNotification({ userId: user.id, title: "Newer", url: "https://a.test/" });
    const client = await connect(`/realtime?token=${await tokenFor(user.id)}`);
    await markAllNotificationsRead(user);
    const frames = [JSON.parse(await client.next()), JSON.parse(await client.next())];
    expect(frames.map((f) => [f.data.oid, f.data.seen, f.data.unreadCount])).toEqual([
      [older.oid, true, 0],
      [newer.oid, true, 0],
    ]);
  });

  it("does not fail the write when nobody is connected", async () => {
    const user = await createUser();
    await expect(
      createNotification({ userId: user.id, title: "Quiet", url: "https://a.test/" }),
    ).resolves.toMatchObject({
      title: "Quiet",
    });
  });
});
