import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendMessage } from "~/server/chat/message-writes.server";
import { getDb, schema } from "~/server/db/db.server";
import { sendFriendRequest } from "~/server/friends/friends.server";
import { twoFriends } from "./chat-support";
import { fromOrigin, twoPeople } from "./friends-support";
import { signIn } from "./helpers";
import { ORIGIN } from "./notifications-support";
import { subscribe } from "./push-subscribe";
import { answers, checkVapid, decrypt, installFakePushService, newDevice, pushesTo } from "./push-support";
import { connect } from "./realtime-support";

beforeAll(installFakePushService);

const devicesOf = (userId: number) =>
  getDb().query.pushSubscriptions.findMany({ where: eq(schema.pushSubscriptions.userId, userId) });

describe("Web Push (issue 23 item 4)", () => {
  it("a chat message to someone with no open socket: one encrypted push per device, decrypted by the device", async () => {
    const { a, b } = await twoFriends();
    const phone = await newDevice();
    const laptop = await newDevice();
    await subscribe(b.id, phone);
    await subscribe(b.id, laptop);
    const sent = await sendMessage(
      { id: a.id, tokenVersion: 0 },
      { toUserId: b.id },
      { content: "Field trip forms are due Friday", clientMsgId: crypto.randomUUID() },
    );
    if (sent.status !== "ok") throw new Error(sent.status);
    const pushes = await pushesTo([phone.endpoint, laptop.endpoint], 2);
    // Exactly one each, and nothing more a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await pushesTo([phone.endpoint, laptop.endpoint], 3, 0)).length).toBe(2);
    expect(pushes.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const [device, push] of [phone, laptop].map(
      (d) => [d, pushes.find((p) => p.endpoint === d.endpoint)!] as const,
    )) {
      const payload = await decrypt(device, push);
      expect(payload).toEqual({
        title: "New chat message",
        body: "Field trip forms are due Friday",
        url: `${env.APP_ORIGIN}/chat/${sent.message.conversationId}`,
        tag: `chat-${sent.message.conversationId}`,
      });
      const claims = await checkVapid(push);
      expect(claims.aud).toBe("https://push.test");
      expect(push.headers.get("TTL")).toBe("86400");
    }
  });

  it("pushes nothing to a user whose socket is open, nor to the sender", async () => {
    const { a, b } = await twoFriends();
    const bPhone = await newDevice();
    const aPhone = await newDevice();
    await subscribe(b.id, bPhone);
    await subscribe(a.id, aPhone);
    const socket = await connect("/realtime", { Cookie: await signIn(b.email, b.password) });
    await sendMessage(
      { id: a.id, tokenVersion: 0 },
      { toUserId: b.id },
      { content: "Hi", clientMsgId: crypto.randomUUID() },
    );
    expect(JSON.parse(await socket.next(5000)).messageType).toBe("message");
    expect(await pushesTo([bPhone.endpoint, aPhone.endpoint], 1, 1500)).toHaveLength(0);
    socket.socket.close();
  });

  it("a notification (a friend request) to someone offline is pushed with its text and link", async () => {
    const { a, b } = await twoPeople();
    const phone = await newDevice();
    await subscribe(b.id, phone);
    const result = await fromOrigin(() => sendFriendRequest({ id: a.id, tokenVersion: 0 }, b.id));
    expect(result.status).toBe("ok");
    const [push] = await pushesTo([phone.endpoint], 1);
    const payload = (await decrypt(phone, push!)) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toBe("SchoolHub");
    expect(payload.body).toContain("Avery Asker");
    expect(payload.url).toBe(`${ORIGIN}/profile/friends`);
    expect(payload.tag).toMatch(/\S/);
  });

  it("a 410 from the push service deletes that subscription and keeps the others", async () => {
    const { a, b } = await twoFriends();
    const kept = await newDevice();
    const expired = await newDevice();
    await subscribe(b.id, kept);
    await subscribe(b.id, expired);
    answers.set(expired.endpoint, 410);
    await sendMessage(
      { id: a.id, tokenVersion: 0 },
      { toUserId: b.id },
      { content: "Are you there?", clientMsgId: crypto.randomUUID() },
    );
    await pushesTo([kept.endpoint, expired.endpoint], 2);
    const deadline = Date.now() + 5000;
    while ((await devicesOf(b.id)).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await devicesOf(b.id)).map((device) => device.endpoint)).toEqual([kept.endpoint]);
  });
});
