import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { acceptFriendRequest, sendFriendRequest } from "~/server/friends/friends.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { ctx, friendshipRows, twoPeople } from "./friends-support";
import { fetchApp, signIn } from "./helpers";
import { api, bearerFor } from "./notifications-support";
import { browserFor, pageText } from "./settings-support";

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

/** A failure injected into the notification insert for one user: the second statement of a friend change. */
async function failNotificationsFor(userId: number) {
  await env.DB.prepare(
    `CREATE TRIGGER IF NOT EXISTS fail_notification_${userId} BEFORE INSERT ON notifications WHEN NEW.user_id = ${userId} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ).run();
}
const injected: number[] = [];
afterEach(async () => {
  for (const userId of injected.splice(0))
    await env.DB.prepare(`DROP TRIGGER IF EXISTS fail_notification_${userId}`).run();
});

describe("a friend change and its notification are one D1 batch (decision 070)", () => {
  it("a request whose notification cannot be stored leaves no request behind", async () => {
    const { a, b } = await twoPeople();
    injected.push(b.id);
    await failNotificationsFor(b.id);
    await expect(sendFriendRequest(a, b.id, ctx)).rejects.toThrow();
    expect(await friendshipRows(a.id, b.id)).toEqual([]);
  });

  it("an acceptance whose notification cannot be stored leaves the request pending and unread", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    injected.push(a.id);
    await failNotificationsFor(a.id);
    await expect(acceptFriendRequest(b, a.id, ctx)).rejects.toThrow();
    expect(await friendshipRows(a.id, b.id)).toMatchObject([{ status: "pending" }]);
    expect((await listNotifications(b.id)).unreadCount).toBe(1);
  });

  it("sending through the API costs two round trips: the read and the one write batch", async () => {
    const { a, b } = await twoPeople();
    const response = await api(`/api/v1/user/${b.id}/friend`, await bearerFor(a.id), "POST");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-D1-Round-Trips")).toBe("2");
    expect((await listNotifications(b.id)).data[0]?.title).toBe("Avery Asker sent you a friend request");
  });
});

describe('a deleted person shows as "Unknown User" in notifications (SPEC §2)', () => {
  it("in the friend request they sent, on the page and through the API", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    const deleted = await (await browserFor(a)).post("/profile/settings", { intent: "delete", password: a.password });
    expect(deleted.status).toBe(302);

    const listed = await api("/api/v1/notifications", await bearerFor(b.id));
    const body = (await listed.json()) as { data: { data: { title: string }[] } };
    expect(body.data.data.map((n) => n.title)).toEqual(["Unknown User sent you a friend request"]);

    const page = await pageText(
      await fetchApp("/newsfeed", { headers: { Cookie: await signIn(b.email, b.password) } }),
    );
    expect(page).toContain("Unknown User sent you a friend request");
    expect(page).not.toContain("Avery Asker");
  });

  it("in the acceptance they caused, and only there", async () => {
    const { a, b } = await twoPeople();
    await sendFriendRequest(a, b.id, ctx);
    await acceptFriendRequest(b, a.id, ctx);
    await (await browserFor(b)).post("/profile/settings", { intent: "delete", password: b.password });
    const titles = (await listNotifications(a.id)).data.map((n) => n.title);
    expect(titles).toEqual(["Unknown User accepted your friend request"]);
  });
});
