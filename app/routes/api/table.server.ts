import type { PathParam } from "react-router";
import type { ApiArgs } from "./api-args";
import * as authAppleVerify from "./auth-appleverify";
import * as authGoogleVerify from "./auth-googleverify";
import * as authLogin from "./auth-login";
import * as authLogout from "./auth-logout";
import * as authRefresh from "./auth-refresh";
import * as blocks from "./blocks";
import * as chatGroup from "./chat-group";
import * as chatLeave from "./chat-leave";
import * as chatMessage from "./chat-message";
import * as chatMessages from "./chat-messages";
import * as chatParticipants from "./chat-participants";
import * as chatRead from "./chat-read";
import * as communities from "./communities";
import * as communitiesJoin from "./communities-join";
import * as communitiesSearch from "./communities-search";
import * as community from "./community";
import * as communityMembership from "./community-membership";
import * as communityPosts from "./community-posts";
import * as conversations from "./conversations";
import * as exports from "./export";
import * as inbox from "./inbox";
import * as inboxAttachment from "./inbox-attachment";
import * as inboxMessage from "./inbox-message";
import * as likes from "./likes";
import * as newsfeed from "./newsfeed";
import * as notificationSettings from "./notification-settings";
import * as notifications from "./notifications";
import * as notificationsMarkAllRead from "./notifications-markallread";
import * as notificationsMarkRead from "./notifications-markread";
import * as post from "./post";
import * as postComments from "./post-comments";
import * as posts from "./posts";
import * as pushSubscriptions from "./push-subscriptions";
import * as reports from "./reports";
import * as user from "./user";
import * as userFriend from "./user-friend";
import * as userProfile from "./user-profile";

/** An API module: GET and HEAD go to its loader, every other method to its action. */
type Handler<Params extends Record<string, string | undefined>> = (args: ApiArgs<Params>) => unknown;
interface ApiModule<Params extends Record<string, string | undefined>> {
  loader: Handler<Params>;
  action: Handler<Params>;
}

interface Entry {
  path: string;
  /** The path's segments: a literal (lower case) or, for `:name`, the parameter's name. */
  segments: { literal?: string; param?: string }[];
  /** React Router's rank among paths of one length: the more literal segments, the earlier. */
  literals: number;
  module: ApiModule<Record<string, string>>;
}

/** A path under /api/ and its module; the module's parameters are checked against the path's. */
function api<Path extends string>(path: Path, module: ApiModule<{ [Name in PathParam<Path>]: string }>): Entry {
  const segments = path.split("/").map((part) => (part.startsWith(":") ? { param: part.slice(1) } : { literal: part }));
  const literals = segments.filter((segment) => segment.literal !== undefined).length;
  return { path, segments, literals, module: module as ApiModule<Record<string, string>> };
}

/**
 * The JSON API (DESIGN §6, README "API"): every address under /api/ and the module that answers
 * it. One route of app/routes.ts (`api/*`) hands them here, so a page's request is not matched
 * against them (decision 232). The paths are as they were in app/routes.ts.
 */
export const API_ROUTES: readonly Entry[] = [
  api("v2/auth/login", authLogin),
  api("v2/auth/logout", authLogout),
  api("v2/auth/refresh", authRefresh),
  api("v2/auth/googleverify", authGoogleVerify),
  api("v2/auth/appleverify", authAppleVerify),
  api("v1/user/profile", userProfile),
  api("v1/notifications", notifications),
  api("v2/conversation", conversations),
  api("v2/conversation/:id/messages", chatMessages),
  api("v2/conversation/:id/messages/:messageId", chatMessage),
  api("v2/conversation/:id/read", chatRead),
  // Groups (decision 060): rename, add people, leave; POST /v2/conversation creates one.
  api("v2/conversation/:id", chatGroup),
  api("v2/conversation/:id/participants", chatParticipants),
  api("v2/conversation/:id/leave", chatLeave),
  // The message inbox (decision 065).
  api("v2/inbox", inbox),
  api("v2/inbox/:id", inboxMessage),
  api("v2/inbox/:id/attachments/:attachmentId", inboxAttachment),
  api("v1/notifications/markallread", notificationsMarkAllRead),
  api("v1/notifications/:oid/markread", notificationsMarkRead),
  api("v1/user/:id", user),
  api("v1/user/:id/friend", userFriend),
  // "Download my data" (decision 162).
  api("v2/export", exports),
  api("v2/export/:id", exports),
  // Blocking (decision 160).
  api("v2/blocks", blocks),
  api("v2/blocks/:userId", blocks),
  // Communities, posts and the newsfeed (README "API"; decisions 045–047).
  api("v1/communities", communities),
  api("v1/communities/search", communitiesSearch),
  api("v1/communities/join", communitiesJoin),
  api("v1/communities/:id", community),
  api("v1/communities/:id/membership", communityMembership),
  api("v1/communities/:id/posts", communityPosts),
  api("v1/newsfeed", newsfeed),
  api("v1/posts", posts),
  api("v1/posts/:id", post),
  api("v1/posts/:id/comments", postComments),
  api("v1/likes", likes),
  api("v1/reports", reports),
  // Notification settings and this device's pushes (issue 23, decisions 135–139).
  api("v2/notification-settings", notificationSettings),
  api("v2/push-subscriptions", pushSubscriptions),
];

/** The table by number of segments, each list in React Router's order: literals before parameters. */
const byLength = new Map<number, Entry[]>();
for (const entry of API_ROUTES) {
  const list = byLength.get(entry.segments.length) ?? [];
  list.push(entry);
  byLength.set(entry.segments.length, list);
}
for (const list of byLength.values()) list.sort((a, b) => b.literals - a.literals);

/** A segment as React Router reads it: percent-decoded (an encoded "/" stays in its segment). */
function decodeSegments(parts: string[]) {
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return parts;
  }
}

/**
 * The entry answering `rest` (the path after "/api/", still encoded) and its parameters, or null.
 * Matches as React Router did when these were routes: literals without regard to case, a
 * parameter is one non-empty segment, trailing slashes are ignored.
 */
export function matchApiRoute(rest: string) {
  const parts = rest.split("/");
  while (parts.length > 1 && parts.at(-1) === "") parts.pop();
  const segments = decodeSegments(parts);
  const lowered = segments.map((segment) => segment.toLowerCase());
  for (const entry of byLength.get(segments.length) ?? []) {
    const params: Record<string, string> = {};
    const matches = entry.segments.every((segment, i) => {
      if (segment.literal !== undefined) return segment.literal === lowered[i];
      if (segments[i] === "") return false;
      params[segment.param as string] = segments[i] as string;
      return true;
    });
    if (matches) return { entry, params };
  }
  return null;
}
