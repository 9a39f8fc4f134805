/**
 * SPEC §4 friendStatus, always from the viewer's point of view. -1 is the client's "not
 * loaded yet"; the server answers 0, 1 or 2.
 */
export const FriendStatus = { Unknown: -1, NotFriends: 0, Friends: 1, Pending: 2 } as const;
export type FriendStatusValue = (typeof FriendStatus)[keyof typeof FriendStatus];

/**
 * Which way a pending request goes (docs/decisions/022-friend-requests.md): "outgoing" is the
 * viewer's own request (they may cancel it), "incoming" one they may accept or decline. Null
 * unless friendStatus is Pending.
 */
export type FriendDirection = "incoming" | "outgoing";

/** SPEC §3 "User info": what the client caches per user and the server sends back. */
export type UserInfo = {
  id: number;
  /** A URL, or "default" for the placeholder (SPEC §2). */
  avatar: string;
  name: string;
  username: string | null;
  friendStatus: FriendStatusValue;
  direction: FriendDirection | null;
};

/** The form intents of /users/{id}/friend, one per transition (SPEC §4). */
export const FRIEND_INTENTS = ["send", "cancel", "accept", "decline", "unfriend"] as const;
export type FriendIntent = (typeof FRIEND_INTENTS)[number];

/** Intents that ask first (SPEC §8, DESIGN §1). */
export const CONFIRMED_INTENTS: ReadonlySet<FriendIntent> = new Set(["send", "cancel", "unfriend"]);

/** What the viewer's relation becomes once an intent succeeds: the optimistic UI shows it. */
export function statusAfter(intent: FriendIntent): Pick<UserInfo, "friendStatus" | "direction"> {
  switch (intent) {
    case "send":
      return { friendStatus: FriendStatus.Pending, direction: "outgoing" };
    case "accept":
      return { friendStatus: FriendStatus.Friends, direction: null };
    default:
      return { friendStatus: FriendStatus.NotFriends, direction: null };
  }
}

/** SPEC §2: the chat with a user is /chat/@{username} when they have one, else /chat/{id}. */
export function chatPath(user: Pick<UserInfo, "id" | "username">) {
  // /chat/{id} is a conversation; someone without a username is /chat/~{userId} (decision 050).
  return user.username ? `/chat/@${user.username}` : `/chat/~${user.id}`;
}
