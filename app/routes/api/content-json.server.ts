import type { RouterContextProvider } from "react-router";
import type { UserInfo } from "~/lib/friend-status";
import type { CommentCard, PostCard } from "~/lib/post-card";
import { translatorFor } from "~/middleware/i18next";
import type { NotifyContext } from "~/server/content/content-notifications.server";
import { encodeCursor } from "~/server/content/post-cards.server";
import { jsonError, type Translate } from "../../server/http/json.server";

/**
 * How the communities and posts API (README "API") shows what the pages show: the same cards
 * from the same services, with URLs made absolute, since apps do not share our origin.
 */
const absolute = (url: string, origin: string) => (url.startsWith("/") ? `${origin}${url}` : url);

function apiUser(user: UserInfo | null, origin: string) {
  return user ? { ...user, avatar: absolute(user.avatar, origin) } : null;
}

function apiComment(comment: CommentCard, origin: string) {
  return { ...comment, author: apiUser(comment.author, origin) };
}

export function apiPost(post: PostCard, origin: string) {
  return {
    ...post,
    images: post.images.map(({ key: _key, ...image }) => ({ ...image, url: absolute(image.url, origin) })),
    author: apiUser(post.author, origin),
    firstComments: post.firstComments.map((comment) => apiComment(comment, origin)),
  };
}

export function apiThreads(threads: { comment: CommentCard; replies: CommentCard[] }[], origin: string) {
  return threads.map(({ comment, replies }) => ({
    comment: apiComment(comment, origin),
    replies: replies.map((reply) => apiComment(reply, origin)),
  }));
}

export function apiCommunity<T extends { avatar: string }>(community: T, origin: string): T {
  return { ...community, avatar: absolute(community.avatar, origin) };
}

/** A page of posts: newest first, `nextCursor` for `?before=`, null at the end (SPEC §3). */
export function postPage(posts: PostCard[], hasMore: boolean, origin: string) {
  const last = posts.at(-1);
  return {
    data: posts.map((post) => apiPost(post, origin)),
    nextCursor: hasMore && last ? encodeCursor(last) : null,
  };
}

export function postNotFound(t: Translate) {
  return jsonError(404, "not_found", t("content:errors.notFound"));
}

/** Notifications the API's writes send, worded like the pages' (decision 049). */
export function notifyContextOf(request: Request, context: Readonly<RouterContextProvider>): NotifyContext {
  return { t: translatorFor(context), origin: new URL(request.url).origin };
}
