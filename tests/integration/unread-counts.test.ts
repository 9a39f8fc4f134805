import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addToGroup,
  createGroup,
  deleteMessage,
  listConversations,
  markConversationRead,
  sendMessage,
} from "~/server/chat/chat.server";
import { getDb, schema } from "~/server/db/db.server";
import { deleteForMe, markUnread } from "~/server/inbox/inbox.server";
import { storeNotices } from "~/server/notifications/notice-jobs.server";
import {
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/server/notifications/notifications.server";
import { withRequestOrigin } from "~/server/notifications/origin.server";
import { clientId } from "./chat-support";
import { makeFriends } from "./friends-support";
import { createUser, fetchApp, postForm } from "./helpers";
import { compose, cookieOf, page, people, sentId } from "./inbox-support";
import { api, bearerFor, notify, ORIGIN } from "./notifications-support";
import { browserFor } from "./settings-support";

/**
 * The header's unread totals come from `unread_counts`, one row per person kept by triggers
 * (migration 0035, decision 190). These prove the row always equals the count it replaces, after
 * every write path that moves one: notifications stored by a service, inside another service's
 * batch and by the queue's job (twice), marked read one by one or all at once (pages and API),
 * removed; inbox copies sent, opened, marked unread, deleted for oneself, removed with their
 * message; a deleted account; the migration's backfill. And that a page's rows read no longer
 * grow with the unread rows.
 */
async function truth(userId: number) {
  const row = await env.DB.prepare(
    `SELECT
      (SELECT count(*) FROM notifications WHERE user_id = ?1 AND seen = 0 AND deleted = 0) AS notifications,
      (SELECT count(*) FROM mail_recipients WHERE user_id = ?1 AND read_at IS NULL AND deleted_at IS NULL) AS mail`,
  )
    .bind(userId)
    .first<{ notifications: number; mail: number }>();
  return row!;
}

async function kept(userId: number) {
  return env.DB.prepare("SELECT notifications, mail FROM unread_counts WHERE user_id = ?")
    .bind(userId)
    .first<{ notifications: number; mail: number }>();
}

/** The kept totals equal the counted ones, and are what the test expects. */
async function expectTotals(userId: number, expected: { notifications: number; mail: number }) {
  expect(await truth(userId)).toEqual(expected);
  expect(await kept(userId)).toEqual(expected);
}

const rowsRead = (response: Response) => Number(response.headers.get("X-D1-Rows-Read"));

describe("unread totals kept by triggers (decision 190)", { timeout: 60_000 }, () => {
  it("a new person starts at zero", async () => {
    const user = await createUser();
    await expectTotals(user.id, { notifications: 0, mail: 0 });
  });

  it("notifications: stored, stored twice by a retried job, read, read again, removed, all read", async () => {
    const user = await createUser();
    const a = await notify(user.id, "A", 5);
    const b = await notify(user.id, "B", 4);
    const c = await notify(user.id, "C", 3);
    await expectTotals(user.id, { notifications: 3, mail: 0 });

    // The queue's job, delivered twice: one notification each (INSERT OR IGNORE counts once).
    const notices = [{ userId: user.id, title: "Job", url: "/newsfeed" }];
    await withRequestOrigin(ORIGIN, () => storeNotices(notices, `unread-${user.id}`));
    await withRequestOrigin(ORIGIN, () => storeNotices(notices, `unread-${user.id}`));
    await expectTotals(user.id, { notifications: 4, mail: 0 });

    // Read, and read again: one step down.
    expect(await markNotificationRead(user, a.oid)).toMatchObject({ status: "ok", unreadCount: 3 });
    expect(await markNotificationRead(user, a.oid)).toMatchObject({ status: "ok", unreadCount: 3 });
    await expectTotals(user.id, { notifications: 3, mail: 0 });
    // Removing a read one moves nothing; an unread one, one.
    expect(await deleteNotification(user.id, a.oid)).toMatchObject({ status: "ok", unreadCount: 3 });
    expect(await deleteNotification(user.id, b.oid)).toMatchObject({ status: "ok", unreadCount: 2 });
    await expectTotals(user.id, { notifications: 2, mail: 0 });
    // A direct delete of a row (as a cascade would) counts too.
    await getDb().delete(schema.notifications).where(eq(schema.notifications.oid, c.oid));
    await expectTotals(user.id, { notifications: 1, mail: 0 });

    for (let i = 0; i < 5; i += 1) await notify(user.id, `More ${i}`, 1);
    expect(await markAllNotificationsRead(user)).toEqual({ status: "ok", unreadCount: 0 });
    await expectTotals(user.id, { notifications: 0, mail: 0 });
    expect((await listNotifications(user.id)).unreadCount).toBe(0);
  });

  it("notifications through the JSON API and the pages' forms", async () => {
    const user = await createUser();
    const token = await bearerFor(user.id);
    const [x, y] = [await notify(user.id, "X", 3), await notify(user.id, "Y", 2)];
    await notify(user.id, "Z", 1);
    expect(await (await api(`/api/v1/notifications/${x.oid}/markread`, token, "POST")).json()).toEqual({
      unreadCount: 2,
    });
    await expectTotals(user.id, { notifications: 2, mail: 0 });
    const listed = (await (await api("/api/v1/notifications", token)).json()) as { data: { unreadCount: number } };
    expect(listed.data.unreadCount).toBe(2);

    // Opening one from the header's dropdown, without JavaScript.
    const cookie = await cookieOf(user);
    await postForm(`/notifications/${y.oid}/open`, { returnTo: "/newsfeed" }, { cookie });
    await expectTotals(user.id, { notifications: 1, mail: 0 });
    const header = await (await fetchApp("/newsfeed", { headers: { Cookie: cookie } })).text();
    expect(header).toContain("Notifications, 1 unread");

    expect(await (await api("/api/v1/notifications/markallread", token, "POST")).json()).toEqual({ unreadCount: 0 });
    await expectTotals(user.id, { notifications: 0, mail: 0 });
  });

  it("a notification written inside another service's batch (a friend request, and its withdrawal)", async () => {
    const [asker, asked] = [await createUser(), await createUser()];
    const browser = await browserFor(asker);
    expect((await browser.post(`/users/${asked.id}/friend`, { intent: "send", confirmed: "1" })).status).toBe(302);
    await expectTotals(asked.id, { notifications: 1, mail: 0 });
    await browser.post(`/users/${asked.id}/friend`, { intent: "cancel", confirmed: "1" });
    expect(await kept(asked.id)).toEqual(await truth(asked.id));
  });

  it("inbox copies: sent (with their notifications), opened, marked unread, deleted for oneself, gone with the message", async () => {
    const { ada, ben, cleo } = await people();
    const first = sentId(await compose(ada, { to: `@${ben.username}, ${cleo.name}`, subject: "One", body: "1" }));
    const second = sentId(await compose(ada, { to: `@${ben.username}`, subject: "Two", body: "2" }));
    await expectTotals(ben.id, { notifications: 2, mail: 2 });
    await expectTotals(cleo.id, { notifications: 1, mail: 1 });
    await expectTotals(ada.id, { notifications: 0, mail: 0 });

    // The page's tab and the header's badge are the one kept total.
    const inbox = await (await page(ben, "/messagesold")).text();
    expect(inbox).toContain("Inbox, 2 unread");

    await page(ben, `/messagesold/${first}`);
    await expectTotals(ben.id, { notifications: 2, mail: 1 });
    expect(await markUnread(ben, first)).toBe(true);
    await expectTotals(ben.id, { notifications: 2, mail: 2 });
    await page(ben, `/messagesold/${first}`);
    // Deleting an unread copy takes it out of the total; a read one changes nothing.
    expect(await deleteForMe(ben, second)).toBe(true);
    await expectTotals(ben.id, { notifications: 2, mail: 0 });
    expect(await deleteForMe(ben, first)).toBe(true);
    await expectTotals(ben.id, { notifications: 2, mail: 0 });

    // The last copies go: the sender's and Cleo's (unread) delete the message; its rows cascade.
    expect(await deleteForMe(ada, first)).toBe(true);
    await getDb().delete(schema.mailMessages).where(eq(schema.mailMessages.id, first));
    await expectTotals(cleo.id, { notifications: 1, mail: 0 });
  });

  it("a deleted account's totals go to zero, and a removed user row takes its counter with it", async () => {
    const { ada, ben } = await people();
    sentId(await compose(ada, { to: `@${ben.username}`, subject: "Before", body: "b" }));
    await notify(ben.id, "Hello", 1);
    await expectTotals(ben.id, { notifications: 2, mail: 1 });
    const browser = await browserFor(ben);
    const deleted = await browser.post("/profile/settings", { intent: "delete", password: ben.password });
    expect(deleted.status).toBe(302);
    await expectTotals(ben.id, { notifications: 0, mail: 0 });

    const gone = await createUser();
    await notify(gone.id, "Soon gone", 1);
    await getDb().delete(schema.users).where(eq(schema.users.id, gone.id));
    expect(await kept(gone.id)).toBeNull();
  });

  it("the migration's backfill sets every person's totals from their rows", async () => {
    const user = await createUser();
    await notify(user.id, "One", 2);
    await notify(user.id, "Two", 1);
    await env.DB.prepare("UPDATE unread_counts SET notifications = 40, mail = 7 WHERE user_id = ?").bind(user.id).run();
    // Found by its text, whichever number the migration has after a merge.
    const backfill = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find((query) =>
      query.includes("INSERT INTO `unread_counts` (user_id, notifications, mail)"),
    );
    expect(backfill).toBeDefined();
    await env.DB.prepare(backfill!).run();
    await expectTotals(user.id, { notifications: 2, mail: 0 });

    // And each participant's unread chat messages.
    const friend = await createUser();
    await makeFriends(user.id, friend.id);
    const sent = await sendMessage(friend, { toUserId: user.id }, { content: "hi", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const unreadOf = async () =>
      (
        await env.DB.prepare("SELECT unread FROM conversation_participants WHERE conversation_id = ? AND user_id = ?")
          .bind(sent.message.conversationId, user.id)
          .first<{ unread: number }>()
      )?.unread;
    expect(await unreadOf()).toBe(1);
    await env.DB.prepare("UPDATE conversation_participants SET unread = 9 WHERE conversation_id = ?")
      .bind(sent.message.conversationId)
      .run();
    const chatBackfill = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find(
      (query) =>
        query.includes("UPDATE `conversation_participants` SET unread = (SELECT count(*)") &&
        !query.includes("CREATE TRIGGER"),
    );
    expect(chatBackfill).toBeDefined();
    await env.DB.prepare(chatBackfill!).run();
    expect(await unreadOf()).toBe(1);
  });

  it("a page's rows read do not grow with the unread notifications and copies", async () => {
    const user = await createUser();
    const sender = await createUser();
    const cookie = await cookieOf(user);
    const now = Date.now();
    let made = 0;
    /** `count` unread notifications and copies, each older than the ones before. */
    const addUnread = async (count: number) => {
      const series = "WITH RECURSIVE s(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?2)";
      await env.DB.batch([
        env.DB.prepare(`${series} INSERT INTO notifications (oid, user_id, title, url, seen, deleted, created_at)
          SELECT 'bulk-' || ?3 || '-' || i, ?3, 'Old', ?4, 0, 0, ?5 - i FROM s`).bind(
          made,
          made + count,
          user.id,
          `${ORIGIN}/newsfeed`,
          now,
        ),
        env.DB.prepare(`${series} INSERT INTO mail_messages (sender_id, subject, body, created_at)
          SELECT ?3, 'Old', 'b', ?4 - i FROM s`).bind(made, made + count / 10, sender.id, now),
        env.DB.prepare(`INSERT INTO mail_recipients (message_id, user_id)
          SELECT m.id, ?1 FROM mail_messages m WHERE m.sender_id = ?2
            AND NOT EXISTS (SELECT 1 FROM mail_recipients r WHERE r.message_id = m.id)`).bind(user.id, sender.id),
      ]);
      made += count;
    };
    const load = (path: string) => fetchApp(path, { headers: { Cookie: cookie } });
    // Enough for full pages: the header's menu (10) and the inbox's first page (20).
    await addUnread(250);
    const before = { about: rowsRead(await load("/about")), inbox: rowsRead(await load("/messagesold")) };
    await expectTotals(user.id, { notifications: 250, mail: 25 });
    await addUnread(750);
    await expectTotals(user.id, { notifications: 1000, mail: 100 });
    const about = await load("/about");
    expect(await about.text()).toContain("Notifications, 1000 unread");
    const inbox = await load("/messagesold");
    expect(await inbox.text()).toContain("Inbox, 100 unread");
    // Four times the unread rows, the same rows read: the totals are one row each.
    expect(rowsRead(about)).toBe(before.about);
    expect(rowsRead(inbox)).toBe(before.inbox);
  });

  it("chat: each participant's unread messages, kept through sends, reads, joins, deletes and removals", async () => {
    const [ana, ben, cy] = [await createUser(), await createUser(), await createUser()];
    await makeFriends(ana.id, ben.id);
    await makeFriends(ana.id, cy.id);
    // Each message a few milliseconds after the one before, so no two share a time (a read
    // covers messages up to its time); `later()` jumps past the reads the pages just made.
    let clock = Date.now() - 60_000;
    const later = () => {
      clock = Date.now() + 1_000;
    };
    const send = async (from: typeof ana, target: { toUserId: number } | { conversationId: number }, text: string) => {
      clock += 5;
      const sent = await sendMessage(from, target, { content: text, clientMsgId: clientId() }, clock);
      if (sent.status !== "ok") throw new Error(sent.status);
      return sent.message;
    };
    /** Every participant's kept number equals the count the menu made before (decision 190). */
    const expectExact = async (conversationId: number, expected?: Record<number, number>) => {
      const { results } = await env.DB.prepare(
        `SELECT p.user_id AS userId, p.unread,
          (SELECT count(*) FROM messages m WHERE m.conversation_id = p.conversation_id AND m.created_at > p.last_read_at
            AND m.disposition NOT IN (1, 2, 3) AND (m.sender_id IS NULL OR m.sender_id != p.user_id)) AS counted
        FROM conversation_participants p WHERE p.conversation_id = ?`,
      )
        .bind(conversationId)
        .all<{ userId: number; unread: number; counted: number }>();
      for (const row of results) expect(row.unread, `user ${row.userId}`).toBe(row.counted);
      const kept = Object.fromEntries(results.map((row) => [row.userId, row.unread]));
      for (const [userId, unread] of Object.entries(expected ?? {}))
        expect(kept[userId], `user ${userId}`).toBe(unread);
    };

    // A direct chat: the first message starts it; the sender's own never count for them.
    const first = await send(ana, { toUserId: ben.id }, "one");
    const direct = first.conversationId;
    await send(ana, { conversationId: direct }, "two");
    await send(ben, { conversationId: direct }, "back");
    // Sending reads what came before: Ben's reply read Ada's two.
    await expectExact(direct, { [ana.id]: 1, [ben.id]: 0 });
    expect((await listConversations(ana.id)).find((c) => c.id === direct)?.unread).toBe(1);

    // Opening it reads it (the page), and the service's mark-read.
    await (await fetchApp(`/chat/${direct}`, { headers: { Cookie: await cookieOf(ben) } })).arrayBuffer();
    await markConversationRead(ana, direct);
    await expectExact(direct, { [ana.id]: 0, [ben.id]: 0 });
    later();

    // A sender deletes an unread message: it no longer counts.
    const unwanted = await send(ana, { conversationId: direct }, "oops");
    await send(ana, { conversationId: direct }, "kept");
    await expectExact(direct, { [ana.id]: 0, [ben.id]: 2 });
    expect((await deleteMessage(ana, direct, unwanted.id)).status).toBe("ok");
    await expectExact(direct, { [ana.id]: 0, [ben.id]: 1 });

    // A group: made with history-less members, then one more joins and counts what is after their read.
    const group = await createGroup(ana, { title: "Helpers", memberIds: [ben.id], createKey: clientId() });
    if (group.status !== "ok") throw new Error(group.status);
    later();
    await send(ana, { conversationId: group.conversationId }, "welcome");
    await send(ben, { conversationId: group.conversationId }, "hi all");
    await expectExact(group.conversationId, { [ana.id]: 1, [ben.id]: 0 });
    expect((await addToGroup(ana, group.conversationId, [cy.id])).status).toBe("ok");
    await send(ben, { conversationId: group.conversationId }, "hi Cy");
    const joined = await env.DB.prepare(
      "SELECT unread FROM conversation_participants WHERE conversation_id = ? AND user_id = ?",
    )
      .bind(group.conversationId, cy.id)
      .first<{ unread: number }>();
    // Cy counts the group's messages after his read time: all three.
    expect(joined?.unread).toBe(3);
    await expectExact(group.conversationId, {
      [ana.id]: 2,
      [ben.id]: 0,
      [cy.id]: joined!.unread,
    });

    // A moderator's removal (disposition 3) and a message gone with its row.
    await env.DB.prepare(
      "UPDATE messages SET disposition = 3, content = '' WHERE conversation_id = ? AND content = 'hi Cy'",
    )
      .bind(group.conversationId)
      .run();
    await expectExact(group.conversationId, { [ana.id]: 1, [ben.id]: 0, [cy.id]: joined!.unread - 1 });
    await env.DB.prepare("DELETE FROM messages WHERE conversation_id = ? AND content = 'hi all'")
      .bind(group.conversationId)
      .run();
    await expectExact(group.conversationId, { [ana.id]: 0, [ben.id]: 0, [cy.id]: joined!.unread - 2 });

    // Ben deletes his account: his messages lose their sender and stay unread for the others.
    await send(ben, { conversationId: direct }, "last words");
    const browser = await browserFor(ben);
    expect((await browser.post("/profile/settings", { intent: "delete", password: ben.password })).status).toBe(302);
    const counted = await env.DB.prepare(
      `SELECT count(*) AS n FROM messages WHERE conversation_id = ?1 AND sender_id IS NULL
        AND created_at > (SELECT last_read_at FROM conversation_participants WHERE conversation_id = ?1 AND user_id = ?2)`,
    )
      .bind(direct, ana.id)
      .first<{ n: number }>();
    expect(counted?.n).toBeGreaterThan(0);
    await expectExact(direct);
  });

  it("the chat menu's rows read do not grow with a conversation's unread messages", async () => {
    const [me, friend] = [await createUser(), await createUser()];
    await makeFriends(me.id, friend.id);
    const first = await sendMessage(friend, { toUserId: me.id }, { content: "hello", clientMsgId: clientId() });
    if (first.status !== "ok") throw new Error(first.status);
    const conversationId = first.message.conversationId;
    const cookie = await cookieOf(me);
    const about = async () => {
      const response = await fetchApp("/about", { headers: { Cookie: cookie } });
      return { rows: rowsRead(response), html: await response.text() };
    };
    /** `count` more unread messages from the friend, older than the first (the last message stays). */
    const addUnread = async (count: number) =>
      env.DB.prepare(
        `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?3)
        INSERT INTO messages (conversation_id, sender_id, content, created_at)
        SELECT ?1, ?2, 'old ' || i, ?4 - i FROM s`,
      )
        .bind(conversationId, friend.id, count, first.message.createdAt)
        .run();
    await addUnread(9);
    const ten = await about();
    expect(ten.html).toMatch(/Conversations, 10 unread messages/);
    await addUnread(290);
    const three = await about();
    expect(three.html).toMatch(/Conversations, 300 unread messages/);
    expect(three.rows).toBe(ten.rows);
  });
});
