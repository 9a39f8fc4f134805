import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseFrame } from "~/realtime/protocol";
import {
  listConversations,
  loadConversation,
  loadDirectChat,
  markConversationRead,
  messageCursor,
  sendMessage,
} from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { clientId, shareCommunity, twoFriends } from "./chat-support";
import { createUser, signIn } from "./helpers";
import { connect } from "./realtime-support";

async function startChat(a: number, b: number, content = "Hello") {
  const result = await sendMessage({ id: a, tokenVersion: 0 }, { toUserId: b }, { content, clientMsgId: clientId() });
  if (result.status !== "ok") throw new Error(result.status);
  return result.message;
}

describe("chat service: who may message whom (decision 050)", { timeout: 30_000 }, () => {
  it("lets friends start a direct chat and finds it again by username", async () => {
    const { a, b } = await twoFriends();
    const first = await startChat(a.id, b.id, "Is the trip on Friday?");
    const direct = await loadDirectChat(b.id, { username: a.username! });
    expect(direct?.user.mayMessage).toBe(true);
    expect(direct?.conversation?.id).toBe(first.conversationId);
    expect(direct?.conversation?.messages.map((m) => m.content)).toEqual(["Is the trip on Friday?"]);
  });

  it("lets people who share an active community message each other", async () => {
    const a = await createUser();
    const b = await createUser();
    await shareCommunity(a.id, b.id);
    expect((await sendMessage(a, { toUserId: b.id }, { content: "Hi", clientMsgId: clientId() })).status).toBe("ok");
  });

  it("refuses strangers, pending members and deleted accounts", async () => {
    const a = await createUser();
    const stranger = await createUser();
    expect((await sendMessage(a, { toUserId: stranger.id }, { content: "Hi", clientMsgId: clientId() })).status).toBe(
      "not_allowed",
    );
    expect((await loadDirectChat(a.id, { username: stranger.username! }))?.user.mayMessage).toBe(false);

    const pending = await createUser();
    const community = await shareCommunity(a.id);
    await getDb()
      .insert(schema.communityMembers)
      .values({ communityId: community, userId: pending.id, role: "member", status: "pending" });
    expect((await sendMessage(a, { toUserId: pending.id }, { content: "Hi", clientMsgId: clientId() })).status).toBe(
      "not_allowed",
    );

    const { a: friend, b: leaving } = await twoFriends();
    const message = await startChat(friend.id, leaving.id);
    await getDb()
      .update(schema.users)
      .set({ name: "", username: null, deletedAt: Date.now() })
      .where(eq(schema.users.id, leaving.id));
    const view = await loadConversation(friend.id, message.conversationId);
    expect(view?.mayWrite).toBe(false);
    expect(view?.members.find((m) => m.userId === leaving.id)?.name).toBe("");
    expect(
      (
        await sendMessage(
          friend,
          { conversationId: message.conversationId },
          { content: "Hi", clientMsgId: clientId() },
        )
      ).status,
    ).toBe("not_allowed");
  });

  it("answers a non-participant as if the conversation did not exist", async () => {
    const { a, b } = await twoFriends();
    const outsider = await createUser();
    const message = await startChat(a.id, b.id);
    expect(await loadConversation(outsider.id, message.conversationId)).toBeNull();
    expect(await markConversationRead(outsider, message.conversationId)).toBeNull();
    expect(
      (
        await sendMessage(
          outsider,
          { conversationId: message.conversationId },
          { content: "x", clientMsgId: clientId() },
        )
      ).status,
    ).toBe("not_found");
  });
});

describe("chat service: sending (SPEC §3, §4)", { timeout: 30_000 }, () => {
  it("never makes a second message for the same clientMsgId, even when resends race", async () => {
    const { a, b } = await twoFriends();
    const first = await startChat(a.id, b.id);
    const clientMsgId = clientId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendMessage(a, { conversationId: first.conversationId }, { content: "Once", clientMsgId }),
      ),
    );
    const ids = new Set(results.map((r) => (r.status === "ok" ? r.message.id : r.status)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === "ok" && r.created)).toHaveLength(1);
    const view = await loadConversation(b.id, first.conversationId);
    expect(view?.messages.filter((m) => m.content === "Once")).toHaveLength(1);
  });

  it("starts one direct chat when both people send their first message at once", async () => {
    const { a, b } = await twoFriends();
    const [x, y] = await Promise.all([startChat(a.id, b.id, "Hi B"), startChat(b.id, a.id, "Hi A")]);
    expect(x.conversationId).toBe(y.conversationId);
  });

  it("counts unread messages from others and clears them on read", async () => {
    const { a, b } = await twoFriends();
    const first = await startChat(a.id, b.id, "One");
    await sendMessage(
      a,
      { conversationId: first.conversationId },
      { content: "Two", clientMsgId: clientId() },
      Date.now() + 5,
    );
    expect((await listConversations(b.id))[0]).toMatchObject({ id: first.conversationId, unread: 2 });
    expect((await listConversations(a.id))[0]?.unread).toBe(0);
    await markConversationRead(b, first.conversationId, Date.now() + 10);
    expect((await listConversations(b.id))[0]?.unread).toBe(0);
  });

  it("pages the newest 50 first, then earlier ones by cursor, and fills a gap after a cursor", async () => {
    const { a, b } = await twoFriends();
    const first = await startChat(a.id, b.id, "m0");
    const base = first.createdAt;
    for (let i = 1; i <= 60; i++) {
      await sendMessage(
        a,
        { conversationId: first.conversationId },
        { content: `m${i}`, clientMsgId: clientId() },
        base + i,
      );
    }
    const latest = await loadConversation(b.id, first.conversationId);
    expect(latest?.messages).toHaveLength(50);
    expect(latest?.messages.at(-1)?.content).toBe("m60");
    expect(latest?.messages[0]?.content).toBe("m11");
    const earlier = await loadConversation(b.id, first.conversationId, { before: latest?.earlierCursor });
    expect(earlier?.messages.map((m) => m.content)).toEqual(Array.from({ length: 11 }, (_, i) => `m${i}`));
    expect(earlier?.earlierCursor).toBeNull();
    const seen = latest!.messages[40]!;
    const gap = await loadConversation(b.id, first.conversationId, { after: messageCursor(seen) });
    expect(gap?.messages.map((m) => m.content)).toEqual([
      "m52",
      "m53",
      "m54",
      "m55",
      "m56",
      "m57",
      "m58",
      "m59",
      "m60",
    ]);
  });
});

describe("chat realtime (SPEC §4, DESIGN §1)", { timeout: 30_000 }, () => {
  it("sends the message to every participant's sockets, and conversationLastRead to the reader's other tabs", async () => {
    const { a, b } = await twoFriends();
    const first = await startChat(a.id, b.id, "Before sockets");
    const bTab1 = await connect("/realtime", { Cookie: await signIn(b.email, b.password) });
    const bTab2 = await connect("/realtime", { Cookie: await signIn(b.email, b.password) });
    const aTab = await connect("/realtime", { Cookie: await signIn(a.email, a.password) });
    const clientMsgId = clientId();
    await sendMessage(a, { conversationId: first.conversationId }, { content: "Live", clientMsgId });
    for (const tab of [bTab1, bTab2, aTab]) {
      const frame = parseFrame(await tab.next());
      expect(frame).toMatchObject({ messageType: "message", data: { content: "Live", clientMsgId, senderId: a.id } });
    }
    await markConversationRead(b, first.conversationId, Date.now() + 1);
    expect(parseFrame(await bTab2.next())).toEqual({
      messageType: "conversationLastRead",
      data: { conversationId: first.conversationId },
    });
    expect(parseFrame(await aTab.next())).toMatchObject({
      messageType: "conversationSeen",
      data: { conversationId: first.conversationId, userId: b.id },
    });
    for (const tab of [bTab1, bTab2, aTab]) tab.socket.close(1000);
  });
});
