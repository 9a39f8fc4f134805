import { describe, expect, it } from "vitest";
import {
  countUnreadNotifications,
  createNotification,
  decodeCursor,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/server/notifications/notifications.server";
import { createUser } from "./helpers";
import { api, bearerFor, expectApiError, notify, ORIGIN } from "./notifications-support";

type ListBody = {
  data: {
    data: { oid: string; title: string; seen: boolean; url: string; createdAt: number }[];
    unreadCount: number;
    nextCursor: string | null;
  };
};

describe("notifications service (SPEC §3, §4)", () => {
  it("stores a full URL: a path is completed with the app origin, a full URL kept", async () => {
    const user = await createUser();
    const fromPath = await createNotification({
      userId: user.id,
      title: "A",
      url: "/profile/friends?tab=in",
      origin: ORIGIN,
    });
    const full = await createNotification({ userId: user.id, title: "B", url: "https://elsewhere.test/x" });
    expect(fromPath.url).toBe(`${ORIGIN}/profile/friends?tab=in`);
    expect(full.url).toBe("https://elsewhere.test/x");
    expect(fromPath).toMatchObject({ title: "A", seen: false });
    expect(fromPath.oid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a path without an origin and a url that is neither path nor http(s)", async () => {
    const user = await createUser();
    await expect(createNotification({ userId: user.id, title: "A", url: "/x" })).rejects.toThrow(/origin/);
    await expect(
      createNotification({ userId: user.id, title: "A", url: "javascript:alert(1)", origin: ORIGIN }),
    ).rejects.toThrow(/path or an http/);
  });

  it("lists newest first with the unread total, paged by cursor", async () => {
    const user = await createUser();
    for (let i = 1; i <= 5; i++) await notify(user.id, `N${i}`, 10 - i);
    await markNotificationRead(user, (await listNotifications(user.id)).data[0]!.oid);

    const first = await listNotifications(user.id, { limit: 2 });
    expect(first.data.map((n) => n.title)).toEqual(["N5", "N4"]);
    expect(first.unreadCount).toBe(4);
    const second = await listNotifications(user.id, { limit: 2, cursor: decode(first.nextCursor) });
    expect(second.data.map((n) => n.title)).toEqual(["N3", "N2"]);
    const third = await listNotifications(user.id, { limit: 2, cursor: decode(second.nextCursor) });
    expect(third.data.map((n) => n.title)).toEqual(["N1"]);
    expect(third.nextCursor).toBeNull();
  });

  it("pages notifications created in the same millisecond without losing or repeating any", async () => {
    const user = await createUser();
    const now = Date.now();
    for (const oid of ["a", "b", "c", "d"]) {
      await createNotification({
        userId: user.id,
        title: oid,
        url: "/x",
        origin: ORIGIN,
        oid: `${user.id}-${oid}`,
        now,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listNotifications(user.id, { limit: 3, cursor: decode(cursor) });
      seen.push(...page.data.map((n) => n.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["d", "c", "b", "a"]);
  });

  it("marks one read by oid and answers the new unread total", async () => {
    const user = await createUser();
    const a = await notify(user.id, "A", 2);
    await notify(user.id, "B", 1);
    const result = await markNotificationRead(user, a.oid);
    expect(result).toMatchObject({ status: "ok", unreadCount: 1, notification: { oid: a.oid, seen: true } });
    // Marking again changes nothing and still answers the total.
    expect(await markNotificationRead(user, a.oid)).toMatchObject({ status: "ok", unreadCount: 1 });
  });

  it("lets only the owner mark a notification: anyone else's oid is unknown", async () => {
    const owner = await createUser();
    const other = await createUser();
    const mine = await notify(owner.id, "Mine");
    expect(await markNotificationRead(other, mine.oid)).toEqual({ status: "not_found" });
    expect(await deleteNotification(other.id, mine.oid)).toEqual({ status: "not_found" });
    expect(await countUnreadNotifications(owner.id)).toBe(1);
  });

  it("marks all read: the total becomes 0", async () => {
    const user = await createUser();
    const bystander = await createUser();
    for (const title of ["A", "B", "C"]) await notify(user.id, title);
    await notify(bystander.id, "Someone else's");
    expect(await markAllNotificationsRead(user)).toEqual({ status: "ok", unreadCount: 0 });
    expect((await listNotifications(user.id)).data.every((n) => n.seen)).toBe(true);
    expect(await countUnreadNotifications(bystander.id)).toBe(1);
  });

  it("deletes: the notification leaves the list and the count", async () => {
    const user = await createUser();
    const gone = await notify(user.id, "Gone", 1);
    await notify(user.id, "Stays");
    expect(await deleteNotification(user.id, gone.oid)).toMatchObject({ status: "ok", unreadCount: 1 });
    const list = await listNotifications(user.id);
    expect(list.data.map((n) => n.title)).toEqual(["Stays"]);
    expect(await markNotificationRead(user, gone.oid)).toEqual({ status: "not_found" });
  });
});

describe("GET /api/v1/notifications", () => {
  it("answers {data: {data, unreadCount}} for a Bearer token, newest first", async () => {
    const user = await createUser();
    await notify(user.id, "Older", 5);
    const newer = await notify(user.id, "Newer", 1);
    const response = await api("/api/v1/notifications", await bearerFor(user.id));
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListBody;
    expect(body.data.unreadCount).toBe(2);
    expect(body.data.data.map((n) => n.title)).toEqual(["Newer", "Older"]);
    expect(body.data.data[0]).toEqual({
      oid: newer.oid,
      title: "Newer",
      seen: false,
      url: `${ORIGIN}/profile/friends`,
      createdAt: newer.createdAt,
    });
  });

  it("pages with ?limit and ?cursor", async () => {
    const user = await createUser();
    for (let i = 1; i <= 3; i++) await notify(user.id, `N${i}`, 10 - i);
    const token = await bearerFor(user.id);
    const first = (await (await api("/api/v1/notifications?limit=2", token)).json()) as ListBody;
    expect(first.data.data.map((n) => n.title)).toEqual(["N3", "N2"]);
    const cursor = encodeURIComponent(first.data.nextCursor!);
    const second = (await (await api(`/api/v1/notifications?limit=2&cursor=${cursor}`, token)).json()) as ListBody;
    expect(second.data.data.map((n) => n.title)).toEqual(["N1"]);
  });

  it("refuses bad paging input with a 400 that names the field", async () => {
    const user = await createUser();
    const token = await bearerFor(user.id);
    const limit = await expectApiError(await api("/api/v1/notifications?limit=500", token), 400, "invalid_request");
    expect(limit.message).toBe("The limit must be a whole number from 1 to 50.");
    await expectApiError(await api("/api/v1/notifications?cursor=nonsense", token), 400, "invalid_request");
  });

  it("answers 401 without a Bearer token or with a bad one", async () => {
    await expectApiError(await api("/api/v1/notifications"), 401, "unauthorized");
    await expectApiError(await api("/api/v1/notifications", "not-a-jwt"), 401, "invalid_token");
  });

  it("answers 405 to a POST", async () => {
    const user = await createUser();
    await expectApiError(
      await api("/api/v1/notifications", await bearerFor(user.id), "POST"),
      405,
      "method_not_allowed",
    );
  });
});

describe("GET|POST /api/v1/notifications/{oid}/markread and /markallread", () => {
  it("marks one read with GET or POST and answers {unreadCount}", async () => {
    const user = await createUser();
    const a = await notify(user.id, "A");
    const b = await notify(user.id, "B");
    const token = await bearerFor(user.id);
    const viaGet = await api(`/api/v1/notifications/${a.oid}/markread`, token);
    expect(viaGet.status).toBe(200);
    expect(await viaGet.json()).toEqual({ unreadCount: 1 });
    const viaPost = await api(`/api/v1/notifications/${b.oid}/markread`, token, "POST");
    expect(await viaPost.json()).toEqual({ unreadCount: 0 });
  });

  it("answers 404 for an unknown oid and for another user's", async () => {
    const owner = await createUser();
    const other = await createUser();
    const mine = await notify(owner.id, "Mine");
    const token = await bearerFor(other.id);
    await expectApiError(await api("/api/v1/notifications/no-such-oid/markread", token), 404, "not_found");
    await expectApiError(await api(`/api/v1/notifications/${mine.oid}/markread`, token, "POST"), 404, "not_found");
    expect(await countUnreadNotifications(owner.id)).toBe(1);
  });

  it("marks all read with GET or POST and answers {unreadCount: 0}", async () => {
    const user = await createUser();
    await notify(user.id, "A");
    await notify(user.id, "B");
    const token = await bearerFor(user.id);
    expect(await (await api("/api/v1/notifications/markallread", token, "POST")).json()).toEqual({ unreadCount: 0 });
    expect(await (await api("/api/v1/notifications/markallread", token)).json()).toEqual({ unreadCount: 0 });
  });

  it("answers 401 without a token", async () => {
    await expectApiError(await api("/api/v1/notifications/markallread", undefined, "POST"), 401, "unauthorized");
    await expectApiError(await api("/api/v1/notifications/x/markread"), 401, "unauthorized");
  });
});

function decode(cursor: string | null) {
  return cursor ? decodeCursor(cursor) : null;
}
