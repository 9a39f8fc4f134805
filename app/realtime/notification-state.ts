import type { NotificationData } from "./protocol";

/** What a client holds: the newest notifications and the unread total (SPEC §3 app state). */
export type NotificationItem = Pick<NotificationData, "oid" | "title" | "seen" | "url" | "createdAt">;
export type NotificationState = { list: NotificationItem[]; unreadCount: number };

export type NotificationAction =
  /** Fresh data from the server (a loader): it replaces whatever the client held. */
  | { type: "reset"; state: NotificationState }
  /** A `notification` frame from the realtime channel. */
  | { type: "incoming"; notification: NotificationData }
  /** The server's answer to a mark-read: seen is set by oid, the total comes from the answer. */
  | { type: "markedRead"; oid: string; unreadCount: number }
  | { type: "allMarkedRead"; unreadCount: number };

/**
 * SPEC §4 notification rules. An incoming notification with a known id replaces the existing
 * one, or removes it if flagged deleted; otherwise it goes first. A carried unread count sets
 * the total; the client never counts by itself (the counter always comes from the server).
 */
export function notificationReducer(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case "reset":
      return action.state;
    case "incoming": {
      const { deleted, unreadCount, ...item } = action.notification;
      const index = state.list.findIndex((existing) => existing.oid === item.oid);
      let list = state.list;
      if (index >= 0) {
        list = deleted ? state.list.filter((_, i) => i !== index) : state.list.with(index, item);
      } else if (!deleted) {
        list = [item, ...state.list];
      }
      return { list, unreadCount: typeof unreadCount === "number" ? unreadCount : state.unreadCount };
    }
    case "markedRead":
      return {
        list: state.list.map((item) => (item.oid === action.oid ? { ...item, seen: true } : item)),
        unreadCount: action.unreadCount,
      };
    case "allMarkedRead":
      return { list: state.list.map((item) => ({ ...item, seen: true })), unreadCount: action.unreadCount };
  }
}
