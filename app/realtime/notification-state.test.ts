import { describe, expect, it } from "vitest";
import { type NotificationItem, type NotificationState, notificationReducer } from "./notification-state";

const item = (oid: string, overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  oid,
  title: `Notification ${oid}`,
  seen: false,
  url: `https://schoolhub.example/profile/${oid}`,
  createdAt: 1_700_000_000_000,
  ...overrides,
});

const start: NotificationState = { list: [item("b"), item("a", { seen: true })], unreadCount: 1 };

describe("notification rules (SPEC §4)", () => {
  it("places an incoming notification with an unknown id first", () => {
    const next = notificationReducer(start, { type: "incoming", notification: item("c") });
    expect(next.list.map((n) => n.oid)).toEqual(["c", "b", "a"]);
  });

  it("replaces a notification whose id it already holds, in place", () => {
    const next = notificationReducer(start, {
      type: "incoming",
      notification: item("a", { title: "Changed", seen: false }),
    });
    expect(next.list.map((n) => n.oid)).toEqual(["b", "a"]);
    expect(next.list[1]).toEqual(item("a", { title: "Changed", seen: false }));
  });

  it("removes a known notification flagged deleted", () => {
    const next = notificationReducer(start, { type: "incoming", notification: { ...item("b"), deleted: true } });
    expect(next.list.map((n) => n.oid)).toEqual(["a"]);
  });

  it("ignores a deleted flag for a notification it never held", () => {
    const next = notificationReducer(start, { type: "incoming", notification: { ...item("z"), deleted: true } });
    expect(next.list).toEqual(start.list);
  });

  it("sets the unread total from a carried unread count", () => {
    const next = notificationReducer(start, { type: "incoming", notification: { ...item("c"), unreadCount: 7 } });
    expect(next.unreadCount).toBe(7);
  });

  it("keeps the unread total when the frame carries no count: the client never counts by itself", () => {
    const next = notificationReducer(start, { type: "incoming", notification: item("c") });
    expect(next.unreadCount).toBe(1);
  });

  it("does not keep the transport flags on the stored item", () => {
    const next = notificationReducer(start, { type: "incoming", notification: { ...item("c"), unreadCount: 2 } });
    expect(next.list[0]).not.toHaveProperty("unreadCount");
    expect(next.list[0]).not.toHaveProperty("deleted");
  });

  it("marks one read by oid and takes the total from the server's answer", () => {
    const next = notificationReducer(start, { type: "markedRead", oid: "b", unreadCount: 0 });
    expect(next.list.find((n) => n.oid === "b")?.seen).toBe(true);
    expect(next.unreadCount).toBe(0);
  });

  it("marks all read with the server's total", () => {
    const next = notificationReducer(
      { list: [item("b"), item("c")], unreadCount: 2 },
      { type: "allMarkedRead", unreadCount: 0 },
    );
    expect(next.list.every((n) => n.seen)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });

  it("replaces everything with fresh server data on reset", () => {
    const fresh: NotificationState = { list: [item("x")], unreadCount: 1 };
    expect(notificationReducer(start, { type: "reset", state: fresh })).toBe(fresh);
  });
});
