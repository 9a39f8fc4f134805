import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createGroup,
  deleteMessage,
  leaveGroup,
  listConversationPage,
  renameGroup,
  sendMessage,
} from "~/server/chat/chat.server";
import {
  CONVERSATION_PAGE_SIZE,
  conversationsPart,
  conversationsQuery,
  toSummaries,
} from "~/server/chat/conversations.server";
import { conversationStatements } from "~/server/chat/messages.server";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { blockUser } from "~/server/friends/blocks.server";
import { clientId, groupCircle, shareCommunity } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, signIn } from "./helpers";

/**
 * The chat menu and /chat read each listed conversation from the viewer's participant row, whose
 * copies (type, title, the other person, the last visible message) migration 0038's triggers keep
 * (decision 197). The oracle below is the statement they replaced, which looked everything up
 * from the rows themselves: after every kind of write, both must answer the same list.
 */
const ORACLE = (viewerId: number) => sql`
  SELECT c.id, c.type, c.title, c.updated_at,
    (SELECT json_group_array(json_object('userId', u.id, 'username', u.username, 'name', u.name, 'avatar', u.avatar))
      FROM conversation_participants other JOIN users u ON u.id = other.user_id
      WHERE other.conversation_id = c.id AND other.user_id != ${viewerId}) AS participants,
    (SELECT json_object('senderId', m.sender_id, 'createdAt', m.created_at,
        'content', CASE WHEN bk.blocker_id IS NULL THEN m.content ELSE '' END, 'hidden', bk.blocker_id IS NOT NULL)
      FROM messages m LEFT JOIN blocks bk ON bk.blocker_id = ${viewerId} AND bk.blocked_id = m.sender_id
      WHERE m.conversation_id = c.id AND m.disposition NOT IN (1, 2, 3)
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.created_at > me.last_read_at
      AND m.disposition NOT IN (1, 2, 3) AND (m.sender_id IS NULL OR m.sender_id != me.user_id)) AS unread
  FROM conversation_participants me JOIN conversations c ON c.id = me.conversation_id
  WHERE me.user_id = ${viewerId} ORDER BY c.updated_at DESC, c.id DESC`;

async function expectListsRight(...viewerIds: number[]) {
  for (const viewerId of viewerIds) {
    const rows = await getDb().all(ORACLE(viewerId));
    const expected = toSummaries(rows as Parameters<typeof toSummaries>[0], 50).data;
    const { data } = await listConversationPage(viewerId, { limit: 50 });
    expect(data, `the list of user ${viewerId}`).toEqual(expected);
  }
}

const AT = Date.parse("2026-11-02T09:00:00Z");

describe("the conversation list's copies (decision 197)", { timeout: 60_000 }, () => {
  it("answer what the rows say after sends, renames, deletes, blocks, removals, leaving and deleted accounts", async () => {
    const { ana, ben, cy, dee } = await groupCircle();
    await makeFriends(ana.id, dee.id);
    const everyone = [ana.id, ben.id, cy.id, dee.id];
    const send = async (from: typeof ana, target: { toUserId: number } | { conversationId: number }, at: number) => {
      const sent = await sendMessage(
        from,
        target,
        { content: `from ${from.name} at ${at}`, clientMsgId: clientId() },
        at,
      );
      if (sent.status !== "ok") throw new Error(sent.status);
      return sent;
    };
    await send(ana, { toUserId: ben.id }, AT);
    await send(ben, { toUserId: ana.id }, AT + 1_000);
    await send(ana, { toUserId: dee.id }, AT + 2_000);
    const group = await createGroup(ana, { title: "Bake sale", memberIds: [ben.id, cy.id], createKey: clientId() });
    if (group.status !== "ok") throw new Error(group.status);
    const groupId = group.conversationId;
    await send(cy, { conversationId: groupId }, AT + 3_000);
    await send(ben, { conversationId: groupId }, AT + 4_000);
    await expectListsRight(...everyone);
    const [first] = (await listConversationPage(ana.id)).data;
    expect(first).toMatchObject({ id: groupId, type: 1, title: "Bake sale" });
    expect(first?.lastMessage).toEqual({
      senderId: ben.id,
      content: `from ${ben.name} at ${AT + 4_000}`,
      createdAt: AT + 4_000,
    });

    // A group renamed; a person renamed, with a new username and avatar.
    expect((await renameGroup(cy, groupId, "Bake sale helpers")).status).toBe("ok");
    await getDb()
      .update(schema.users)
      .set({ name: "Benjamin Teacher", username: `ben_${Date.now()}`, avatar: "avatars/ben.webp" })
      .where(eq(schema.users.id, ben.id));
    await expectListsRight(...everyone);
    const direct = (await listConversationPage(ana.id)).data.find(
      (c) => c.type === 0 && c.participants[0]?.userId === ben.id,
    );
    expect(direct?.participants[0]?.name).toBe("Benjamin Teacher");

    // The last message deleted by its sender, then one removed by a moderator: the one before shows.
    const benLast = await getDb()
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.conversationId, groupId))
      .orderBy(sql`created_at DESC`)
      .limit(1);
    expect((await deleteMessage(ben, groupId, benLast[0]!.id)).status).toBe("ok");
    await expectListsRight(...everyone);
    await getDb().run(sql`UPDATE messages SET disposition = 3, content = '' WHERE conversation_id = ${groupId}`);
    await expectListsRight(...everyone);
    expect((await listConversationPage(cy.id)).data.find((c) => c.id === groupId)?.lastMessage).toBeNull();

    // A message that arrives with an older time does not replace the last one; a newer one does.
    const [directRow] = await getDb()
      .select({ id: schema.conversations.id })
      .from(schema.conversations)
      .where(eq(schema.conversations.directKey, ana.id < ben.id ? `${ana.id}:${ben.id}` : `${ben.id}:${ana.id}`));
    await getDb()
      .insert(schema.messages)
      .values({ conversationId: directRow!.id, senderId: ben.id, content: "late", createdAt: AT - 60_000 });
    await expectListsRight(...everyone);

    // Ana blocks Ben: his last message shows as hidden to her, as it did.
    await send(ben, { toUserId: ana.id }, AT + 5_000);
    expect((await blockUser(ana, ben.id)).status).toBe("ok");
    await expectListsRight(...everyone);
    expect((await listConversationPage(ana.id)).data.find((c) => c.id === directRow!.id)?.lastMessage).toMatchObject({
      content: "",
      hidden: true,
    });

    // Cy leaves the group; Dee deletes the account (tombstone: no name, sender ids gone).
    expect((await leaveGroup(cy, groupId)).status).toBe("ok");
    await getDb().run(sql`UPDATE messages SET sender_id = NULL WHERE sender_id = ${dee.id}`);
    await getDb()
      .update(schema.users)
      .set({ name: "", username: null, avatar: "default", deletedAt: Date.now() })
      .where(eq(schema.users.id, dee.id));
    await expectListsRight(...everyone);

    // A group without a title, then a user row removed outright (its participant rows cascade).
    const [untitled] = await getDb()
      .insert(schema.conversations)
      .values({ type: 1, updatedAt: AT + 9_000 })
      .returning({ id: schema.conversations.id });
    await getDb()
      .insert(schema.conversationParticipants)
      .values([ana, ben, dee].map((p) => ({ conversationId: untitled!.id, userId: p.id })));
    await getDb()
      .insert(schema.messages)
      .values({ conversationId: untitled!.id, senderId: dee.id, content: "hi", createdAt: AT + 9_000 });
    await expectListsRight(...everyone);
    // The header's menu is the list's first ten, but for a titled group's members, which it
    // does not read (its title names it); an untitled group's members name it there too.
    const { menu } = await batch({ menu: conversationsPart(ana.id) });
    const list = (await listConversationPage(ana.id, { limit: 10 })).data;
    expect(menu).toEqual(list.map((c) => (c.type !== 0 && c.title ? { ...c, participants: [] } : c)));
    expect(
      menu
        .find((c) => c.id === untitled!.id)
        ?.participants.map((p) => p.userId)
        .sort(),
    ).toEqual([ben.id, dee.id].sort());
    expect(menu.find((c) => c.id === groupId)?.title).toBe("Bake sale helpers");
    await getDb().delete(schema.users).where(eq(schema.users.id, dee.id));
    await expectListsRight(ana.id, ben.id, cy.id);
    const gone = (await listConversationPage(ana.id)).data.find((c) => c.type === 0 && c.participants.length === 0);
    expect(gone).toBeDefined();
  });

  it("reads one row per conversation listed, and one index row per message shown", async () => {
    const me = await createUser();
    const others: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 4; i += 1) others.push(await createUser());
    await shareCommunity(me.id, ...others.map((o) => o.id));
    const db = getDb();
    /** `count` direct chats with a message each way, the newest removed, last active `at(i)`. */
    const chats = async (count: number, at: (i: number) => number) => {
      for (let i = 0; i < count; i += 1) {
        const other = others[i % others.length]!;
        const [c] = await db
          .insert(schema.conversations)
          .values({ type: 0, updatedAt: at(i) })
          .returning({ id: schema.conversations.id });
        await db.insert(schema.conversationParticipants).values([
          { conversationId: c!.id, userId: me.id },
          { conversationId: c!.id, userId: other.id },
        ]);
        await db.insert(schema.messages).values([
          { conversationId: c!.id, senderId: other.id, content: "hello", createdAt: at(i) - 2 },
          { conversationId: c!.id, senderId: me.id, content: "hi", createdAt: at(i) - 1 },
          { conversationId: c!.id, senderId: other.id, content: "gone", createdAt: at(i), disposition: 2 },
        ]);
      }
    };
    const rowsOf = async (limit: number) => {
      const query = conversationsQuery(me.id, { limit }).toSQL();
      const result = await env.DB.prepare(query.sql)
        .bind(...query.params)
        .all();
      return { rows: result.meta.rows_read, shown: result.results.length };
    };
    const now = Date.now();
    await chats(5, (i) => now - i * 1_000);
    const few = await rowsOf(30);
    expect(few.shown).toBe(5);
    await chats(45, (i) => now - 3_600_000 - i * 1_000);
    const full = await rowsOf(30);
    // A page of 30 (and the one more that says "more"): one row each.
    expect(full.shown).toBe(31);
    expect(full.rows).toBeLessThanOrEqual(full.shown + 1);

    // The page as a person sees it: /chat's list and the header's menu add a row per conversation.
    const cookie = await signIn(me.email, me.password);
    const page = async () =>
      Number((await fetchApp("/chat", { headers: { Cookie: cookie } })).headers.get("X-D1-Rows-Read"));
    const before = await page();
    await chats(50, (i) => now - 7_200_000 - i * 1_000);
    expect(await page()).toBe(before);
    // /chat's pages come from statements compiled once per isolate (decision 223): the same
    // conversations as the statement built anew for that page, the cursor's page too.
    const built = async (after: { at: number; id: number } | null) => {
      const limit = CONVERSATION_PAGE_SIZE;
      const { rows } = await batch({ rows: conversationsQuery(me.id, { limit, menu: true, after }) });
      return toSummaries(rows as Parameters<typeof toSummaries>[0], limit);
    };
    const first = await listConversationPage(me.id, { menu: true });
    expect(first).toEqual(await built(null));
    const [at, id] = first.nextCursor!.split(":").map(Number) as [number, number];
    const second = await listConversationPage(me.id, { menu: true, cursor: first.nextCursor });
    expect(second).toEqual(await built({ at, id }));
    expect(second.data.map((c) => c.id)).not.toContain(first.data[0]!.id);
    // 20 a page there (decision 223), the rest behind "More conversations", without JavaScript too.
    expect(first.data).toHaveLength(20);
    const html = await (await fetchApp("/chat", { headers: { Cookie: cookie } })).text();
    const list = html.slice(
      html.indexOf('<ul class="chat-conversations"'),
      html.indexOf("</ul>", html.indexOf('<ul class="chat-conversations"')),
    );
    expect(list.match(/<li>/g)).toHaveLength(20);
    expect(html).toContain(`href="/chat?more=${encodeURIComponent(first.nextCursor!)}"`);

    // A conversation's page of 50 messages reads 50 index rows (and one for "older"), whatever
    // was removed among them: the visible ones come from messages_visible in the page's order.
    const [c] = await db
      .insert(schema.conversations)
      .values({ type: 0, updatedAt: now })
      .returning({ id: schema.conversations.id });
    await db.insert(schema.conversationParticipants).values([
      { conversationId: c!.id, userId: me.id },
      { conversationId: c!.id, userId: others[0]!.id },
    ]);
    const messages = Array.from({ length: 120 }, (_, i) => ({
      conversationId: c!.id,
      senderId: i % 2 ? me.id : others[0]!.id,
      content: `m${i}`,
      createdAt: now - 120_000 + i * 1_000,
      disposition: i % 3 === 0 ? 1 : 0,
    }));
    for (let k = 0; k < messages.length; k += 10) await db.insert(schema.messages).values(messages.slice(k, k + 10));
    const { rows } = conversationStatements(me.id, c!.id, {});
    const read = await env.DB.prepare(rows.sql)
      .bind(...rows.params)
      .all();
    expect(read.results).toHaveLength(51);
    expect(read.meta.rows_read).toBeLessThanOrEqual(53);
    // An older page starts its index search at the cursor: the newer messages are not stepped over.
    const older = conversationStatements(me.id, c!.id, { before: `${now - 120_000 + 100 * 1_000}:999999999` });
    const deep = await env.DB.prepare(older.rows.sql)
      .bind(...older.rows.params)
      .all<{ created_at: number; disposition: number }>();
    expect(deep.results).toHaveLength(51);
    expect(deep.results.every((m) => m.created_at <= now - 120_000 + 100 * 1_000 && m.disposition === 0)).toBe(true);
    expect(deep.meta.rows_read).toBeLessThanOrEqual(53);
  });

  it("builds a conversation's statements once per isolate and binds each read's own values (decision 223)", () => {
    const reader = { id: 7, tokenVersion: 3 };
    const first = conversationStatements(7, 11, { markRead: reader, now: Date.UTC(2026, 11, 31, 23, 59) });
    // Another viewer, conversation, year and cursor: the same text, so nothing was compiled again.
    const other = conversationStatements(8, 12, { markRead: { id: 8, tokenVersion: 1 }, now: Date.UTC(2027, 0, 1) });
    for (const name of ["heads", "members", "rows", "markRead"] as const)
      expect(other[name].sql, name).toBe(first[name].sql);
    const older = conversationStatements(8, 12, { before: "1700000000000:42" });
    expect(older.rows.sql).not.toBe(first.rows.sql);
    expect(conversationStatements(9, 13, { before: "1800000000000:5" }).rows.sql).toBe(older.rows.sql);
    // Each value is bound, once however often the rule names it; the consent year is the read's.
    expect(first.heads.params).toEqual(expect.arrayContaining([7, 11, 3, 2026 - 13]));
    expect(other.heads.params).toEqual(expect.arrayContaining([8, 12, 1, 2027 - 13]));
    expect(other.heads.params).not.toContain(7);
    expect(older.rows.params).toEqual(expect.arrayContaining([8, 12, 1_700_000_000_000, 42]));
    expect(first.heads.params.length).toBeLessThanOrEqual(6);
  });
});
