import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { conversationHref, listConversationPage, listConversations, sendMessage } from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { clientId, shareCommunity } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, signIn } from "./helpers";

async function directChat(a: number, b: number, messages: { from: number; content: string; at: number }[], readAt = 0) {
  const db = getDb();
  const [conversation] = await db
    .insert(schema.conversations)
    .values({ type: 0, updatedAt: Math.max(0, ...messages.map((m) => m.at)) })
    .returning();
  await db.insert(schema.conversationParticipants).values([
    { conversationId: conversation!.id, userId: a, lastReadAt: readAt },
    { conversationId: conversation!.id, userId: b, lastReadAt: readAt },
  ]);
  for (const message of messages) {
    await db.insert(schema.messages).values({
      conversationId: conversation!.id,
      senderId: message.from,
      content: message.content,
      createdAt: message.at,
    });
  }
  return conversation!.id;
}

/** The page's loader data as React Router streams it into the page (turbo-stream, in a script). */
const hydrationData = (html: string) => html.match(/streamController\.enqueue\(([\s\S]*?)\);?<\/script>/)?.[1] ?? "";

describe("conversations (SPEC §2 dropdown, §7 GET /v2/conversation)", { timeout: 30_000 }, () => {
  it("lists a user's conversations with the other participant, the last message and the unread count", async () => {
    const me = await createUser();
    const friend = await createUser();
    const id = await directChat(
      me.id,
      friend.id,
      [
        { from: me.id, content: "Hi!", at: 1_000 },
        { from: friend.id, content: "Hello", at: 2_000 },
        { from: friend.id, content: "See you Friday", at: 3_000 },
      ],
      1_500,
    );
    const [conversation] = await listConversations(me.id);
    expect(conversation).toEqual({
      id,
      type: 0,
      title: null,
      participants: [{ userId: friend.id, username: friend.username, name: friend.name, avatar: "default" }],
      lastMessage: { senderId: friend.id, content: "See you Friday", createdAt: 3_000 },
      unread: 2,
      updatedAt: 3_000,
    });
    // For the friend: their own messages never count, and mine came before they last read.
    expect((await listConversations(friend.id))[0]?.unread).toBe(0);
  });

  it("links a direct chat to /chat/@username, or /chat/{id} without a username, and a group to /chat/{id}", () => {
    const participant = { userId: 7, name: "Ana", username: "ana", avatar: "default" };
    expect(conversationHref({ id: 3, type: 0, participants: [participant] })).toBe("/chat/@ana");
    expect(conversationHref({ id: 3, type: 0, participants: [{ ...participant, username: null }] })).toBe("/chat/3");
    expect(conversationHref({ id: 3, type: 1, participants: [participant] })).toBe("/chat/3");
  });

  it("shows the dropdown in the header, empty or leading to /chat, its list sent for scripts to make (decision 227)", async () => {
    const lonely = await createUser();
    const html = await (
      await fetchApp("/newsfeed", { headers: { Cookie: await signIn(lonely.email, lonely.password) } })
    ).text();
    expect(html).toContain("You have no active conversations.");
    expect(html).toContain("View all Conversations");

    const me = await createUser();
    const friend = await createUser();
    await directChat(me.id, friend.id, [{ from: friend.id, content: "Ping", at: Date.now() }]);
    const page = await (
      await fetchApp("/newsfeed", { headers: { Cookie: await signIn(me.email, me.password) } })
    ).text();
    // The list is made by scripts when the menu opens: the page holds "View all Conversations"
    // and, in its hydration data, each conversation's link (decision 227).
    expect(page).toContain('<a href="/chat">View all Conversations</a>');
    expect(page).not.toContain('class="conversations-list"');
    expect(page).not.toContain(`href="/chat/@${friend.username}"`);
    expect(hydrationData(page)).toContain(`/chat/@${friend.username}`);
    expect(page).not.toContain("You have no active conversations.");
  });

  it("names a group by its title in the header's menu, and links it to the group (decision 125)", async () => {
    const me = await createUser();
    const friend = await createUser({ name: "Fern Friend" });
    const db = getDb();
    const title = `Rockets parents ${Date.now().toString(36)}`;
    const [group] = await db.insert(schema.conversations).values({ type: 1, title, updatedAt: Date.now() }).returning();
    await db.insert(schema.conversationParticipants).values([
      { conversationId: group!.id, userId: me.id, lastReadAt: 0 },
      { conversationId: group!.id, userId: friend.id, lastReadAt: 0 },
    ]);
    await db
      .insert(schema.messages)
      .values({ conversationId: group!.id, senderId: friend.id, content: "Carpool?", createdAt: Date.now() });
    const html = await (
      await fetchApp("/newsfeed", { headers: { Cookie: await signIn(me.email, me.password) } })
    ).text();
    // The menu's list is made from the hydration data when it opens (decision 227; the names
    // on screen: small-fixes.spec.ts).
    expect(hydrationData(html)).toContain(`/chat/${group!.id}`);
    expect(hydrationData(html)).toContain(title);
    expect(html).not.toContain("Group conversation");
  });

  it("reads the menu's conversations, not every conversation the user ever joined (decision 108)", async () => {
    const me = await createUser();
    const friend = await createUser();
    const cookie = await signIn(me.email, me.password);
    /** `count` group conversations of three messages, last active `at(i)`, in a few statements. */
    const chats = async (count: number, at: (i: number) => number) => {
      const db = getDb();
      const ids = [];
      for (let k = 0; k < count; k += 30) {
        const rows = Array.from({ length: Math.min(30, count - k) }, (_, i) => ({ type: 1, updatedAt: at(k + i) }));
        ids.push(...(await db.insert(schema.conversations).values(rows).returning({ id: schema.conversations.id })));
      }
      const people = ids.flatMap(({ id }) => [me.id, friend.id].map((userId) => ({ conversationId: id, userId })));
      const messages = ids.flatMap(({ id }, i) =>
        [1, 2, 3].map((n) => ({ conversationId: id, senderId: friend.id, content: `m${n}`, createdAt: at(i) - n })),
      );
      const statements = [];
      // A participant binds six values, its defaults included (D1 binds at most 100 a statement).
      for (let k = 0; k < people.length; k += 10)
        statements.push(db.insert(schema.conversationParticipants).values(people.slice(k, k + 10)));
      // Few rows a statement: D1 binds at most 100 values, and a message has several columns.
      for (let k = 0; k < messages.length; k += 10)
        statements.push(db.insert(schema.messages).values(messages.slice(k, k + 10)));
      await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    };
    // The About page reads nothing of its own: its rows are the header's.
    const rowsRead = async () =>
      Number((await fetchApp("/about", { headers: { Cookie: cookie } })).headers.get("X-D1-Rows-Read"));
    const now = Date.now();
    await chats(10, (i) => now - i * 1000);
    const menuOnly = await rowsRead();
    await chats(60, (i) => now - 3_600_000 - i * 1000);
    // Choosing the menu's ten may look at one more (the page's "more" marker); reading every
    // older conversation's participants, last messages and unread counts would be far more.
    const withSixty = await rowsRead();
    expect(withSixty - menuOnly).toBeLessThan(30);
    // And it does not grow: the ten come from the viewer's (user_id, updated_at) index
    // (decision 179), so sixty more older conversations read nothing more.
    await chats(60, (i) => now - 7_200_000 - i * 1000);
    expect(await rowsRead()).toBe(withSixty);
  });

  it("keeps the list in order of last activity as messages are sent, for every participant (decision 179)", async () => {
    const me = await createUser();
    const [ana, ben, cy] = [await createUser(), await createUser(), await createUser()];
    for (const other of [ana, ben, cy]) {
      await makeFriends(me.id, other.id);
      await shareCommunity(me.id, other.id);
    }
    const send = async (from: typeof me, to: number, at: number) => {
      const sent = await sendMessage(from, { toUserId: to }, { content: `at ${at}`, clientMsgId: clientId() }, at);
      if (sent.status !== "ok") throw new Error(sent.status);
    };
    const base = Date.now();
    await send(me, ana.id, base);
    await send(ben, me.id, base + 1_000);
    await send(me, cy.id, base + 2_000);
    const names = async (userId: number) =>
      (await listConversations(userId)).map((c) => [c.participants[0]?.userId, c.updatedAt]);
    expect(await names(me.id)).toEqual([
      [cy.id, base + 2_000],
      [ben.id, base + 1_000],
      [ana.id, base],
    ]);
    // Ana answers the oldest: it comes first for both of them, with the message's time.
    await send(ana, me.id, base + 3_000);
    expect((await names(me.id))[0]).toEqual([ana.id, base + 3_000]);
    expect(await names(ana.id)).toEqual([[me.id, base + 3_000]]);
    // Paging walks the same order with no gap and no repeat.
    const first = await listConversationPage(me.id, { limit: 2 });
    const rest = await listConversationPage(me.id, { limit: 2, cursor: first.nextCursor });
    expect([...first.data, ...rest.data].map((c) => c.participants[0]?.userId)).toEqual([ana.id, cy.id, ben.id]);
    expect(rest.nextCursor).toBeNull();
  });

  it("answers GET /api/v2/conversation with {data: {data}} for a Bearer token, 401 without", async () => {
    const me = await createUser();
    const friend = await createUser();
    await directChat(me.id, friend.id, [{ from: friend.id, content: "Hey", at: 5 }]);
    const { token } = await issueTokens(me.id);
    const response = await fetchApp("/api/v2/conversation", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { data: { participants: { userId: number }[] }[] } };
    expect(body.data.data).toHaveLength(1);
    expect(body.data.data[0]?.participants[0]?.userId).toBe(friend.id);
    expect((await fetchApp("/api/v2/conversation")).status).toBe(401);
  });
});
