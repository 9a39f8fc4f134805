/**
 * The realtime protocol (SPEC §3 "Realtime message", DESIGN §1): every frame the server sends
 * on /realtime is one JSON `{messageType, data}`. Shared by the Worker, the UserHub Durable
 * Object and the browser, so all three agree on one union.
 */

/** SPEC §3 Notification. `url` is a full URL; the web client navigates to its path only. */
export type NotificationData = {
  oid: string;
  title: string;
  seen: boolean;
  url: string;
  /** UTC milliseconds. */
  createdAt: number;
  /** Set when the notification was removed: clients drop it from their list (SPEC §4). */
  deleted?: boolean;
  /** The user's unread total after the change that sent this frame (SPEC §4). */
  unreadCount?: number;
};

/** SPEC §3 Message. Two disposition values remove the message; the chat issue names them. */
export type MessageData = {
  /** The server's id; with createdAt, the cursor a reconnecting client fetches after. */
  id: number;
  senderId: number;
  conversationId: number;
  content: string;
  /** UTC milliseconds. */
  createdAt: number;
  clientMsgId: string;
  disposition: number | null;
  /** The language detected when it was sent (ISO 639-1), null when unknown (decision 150). */
  lang?: string | null;
};

export type ConversationLastReadData = { conversationId: number };

/**
 * A post was published in one of the user's communities (decision 048): the newsfeed shows a
 * "new posts" banner and loads them only when asked, so nothing moves under the reader.
 */
export type NewPostData = { postId: number; communityId: number; createdAt: number };

/**
 * Read receipts (beyond the SPEC, docs/decisions/052-read-receipts.md): sent to the other
 * participants when `userId` reads up to `lastReadAt`, so "Seen" appears live.
 */
export type ConversationSeenData = { conversationId: number; userId: number; lastReadAt: number };

/**
 * A group's name or members changed, or it was created (docs/decisions/060-chat-groups.md): open
 * chat pages of its members (and of one who just left) reload the list and the conversation.
 */
export type ConversationChangedData = { conversationId: number };

export type RealtimeFrame =
  | { messageType: "message"; data: MessageData }
  | { messageType: "notification"; data: NotificationData }
  | { messageType: "conversationLastRead"; data: ConversationLastReadData }
  | { messageType: "newPost"; data: NewPostData }
  | { messageType: "conversationSeen"; data: ConversationSeenData }
  | { messageType: "conversationChanged"; data: ConversationChangedData };

export type RealtimeMessageType = RealtimeFrame["messageType"];

/** The data a frame of a given type carries. */
export type FrameData<T extends RealtimeMessageType> = Extract<RealtimeFrame, { messageType: T }>["data"];

/** Where browsers and native clients open the socket (DESIGN §1). */
export const REALTIME_PATH = "/realtime";

/**
 * The hub closes a user's sockets with this code when a sign-in of theirs ends (logout, account
 * deletion; decision 042). Not a normal closure, so other devices renew and reconnect; the
 * signed-out one cannot renew and stays closed.
 */
export const SESSION_ENDED_CLOSE = 4001;
/** The browser calls this before reconnecting, so an expired access token renews (SPEC §4). */
export const REALTIME_SESSION_PATH = "/realtime/session";

/** Keep-alive: a client may send this; the hub answers PONG without waking up. */
export const PING = JSON.stringify({ type: "ping" });
export const PONG = JSON.stringify({ type: "pong" });

const MESSAGE_TYPES: ReadonlySet<string> = new Set<RealtimeMessageType>([
  "message",
  "notification",
  "conversationLastRead",
  "newPost",
  "conversationSeen",
  "conversationChanged",
]);

/** Reads one frame off the wire; anything that is not a known frame is null, never a throw. */
export function parseFrame(text: string): RealtimeFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { messageType, data } = value as { messageType?: unknown; data?: unknown };
  if (typeof messageType !== "string" || !MESSAGE_TYPES.has(messageType)) return null;
  if (typeof data !== "object" || data === null) return null;
  return value as RealtimeFrame;
}
