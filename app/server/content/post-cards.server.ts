import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { FriendStatus, type UserInfo } from "~/lib/friend-status";
import type { CommentCard, PostCard } from "~/lib/post-card";
import { sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import { parseImages, toImageCards } from "./post-image-cards";

/**
 * One SELECT that returns posts ready to show: community, author with the viewer's friendStatus,
 * like and comment counts, whether the viewer liked it and its first comments, so a page of 20
 * posts is one statement inside the loader's single D1 batch (DESIGN §1 "Round trips").
 * Visibility (docs/decisions/045-community-rules.md): a community's posts are seen by whoever may
 * see the community; pending posts only by their author and the community's managers.
 */
export const FIRST_COMMENTS = 3;

export type { CommentCard, PostCard };

export type PostScope =
  | { kind: "feed" }
  | { kind: "community"; communityId: number; pinned?: boolean }
  | { kind: "pending" | "reported"; communityId: number }
  | { kind: "author" }
  | { kind: "post"; postId: number };

export type Cursor = { createdAt: number; id: number };

/** A value of the statement, or its placeholder where the statement is compiled once (decision 213). */
type Value = number | Placeholder;

/**
 * The friendStatus relation between the viewer and `userColumn`, as 'accepted:out' etc., or
 * 'blocked' when the viewer blocked them (decision 160): the card then shows "Hidden: you
 * blocked this person" instead of what they wrote, at no extra query.
 */
export function relationSql(viewerId: Value, userColumn: SQL) {
  return sql`coalesce((SELECT 'blocked' FROM blocks bk WHERE bk.blocker_id = ${viewerId} AND bk.blocked_id = ${userColumn}),
    (SELECT f.status || ':' || CASE WHEN f.requester_id = ${viewerId} THEN 'out' ELSE 'in' END
    FROM friendships f
    WHERE (f.requester_id = ${viewerId} AND f.addressee_id = ${userColumn})
       OR (f.addressee_id = ${viewerId} AND f.requester_id = ${userColumn})
    ORDER BY f.status = 'accepted' DESC LIMIT 1))`;
}

/** The viewer blocked the author: what they wrote stays on the server. */
const blockedRelation = (row: Record<string, unknown>) => row.relation === "blocked";

function scopeSql(scope: PostScope, viewerId: Value) {
  switch (scope.kind) {
    case "feed":
      return sql`m.user_id IS NOT NULL`;
    case "community":
      return scope.pinned
        ? sql`p.community_id = ${scope.communityId} AND p.pinned_at IS NOT NULL`
        : sql`p.community_id = ${scope.communityId}`;
    case "pending":
      return sql`p.community_id = ${scope.communityId} AND p.status = 'pending'`;
    case "reported":
      return sql`p.community_id = ${scope.communityId}
        AND EXISTS (SELECT 1 FROM reports r WHERE r.target_type = 'post' AND r.target_id = p.id)`;
    case "author":
      return sql`p.author_id = ${viewerId}`;
    case "post":
      return sql`p.id = ${scope.postId}`;
  }
}

/**
 * The statement (batchable) for posts in `scope` the viewer may see, newest first, `limit` rows.
 * The page's ids are chosen first, in a subquery that only filters and sorts; the per-post
 * subqueries (author relation, counts, first comments) then run for those rows alone. SQLite
 * computes a row's columns before it sorts, so with the subqueries in the same SELECT every post
 * of the viewer's communities paid for them before LIMIT kept 20 (decision 108).
 */
export function postCardsQuery(viewerId: number, scope: PostScope, limit: number, cursor: Cursor | null = null) {
  return sqlRows<Record<string, unknown>>(postCardsSql(viewerId, scope, limit, cursor));
}

/** postCardsQuery's statement, its values possibly placeholders (the newsfeed's, compiled once: decision 213). */
export function postCardsSql(
  viewerId: Value,
  scope: PostScope,
  limit: Value,
  cursor: { createdAt: Value; id: Value } | null = null,
) {
  const after = cursor
    ? sql`AND (p.created_at < ${cursor.createdAt} OR (p.created_at = ${cursor.createdAt} AND p.id < ${cursor.id}))`
    : sql``;
  const order =
    scope.kind === "community" && scope.pinned ? sql`p.pinned_at DESC, p.id DESC` : sql`p.created_at DESC, p.id DESC`;
  return sql`
    SELECT p.id, p.body, p.lang, p.text_version AS textVersion, p.images, p.created_at AS createdAt, p.edited_at AS editedAt, p.status, p.pinned_at AS pinnedAt, p.urgent_at AS urgentAt,
      c.id AS communityId, c.name AS communityName, c.slug AS communitySlug, c.category,
      u.id AS authorId, u.name AS authorName, u.username AS authorUsername, u.avatar AS authorAvatar,
      ${relationSql(viewerId, sql`u.id`)} AS relation,
      m.role AS viewerRole,
      (SELECT count(*) FROM likes l WHERE l.target_type = 'post' AND l.target_id = p.id) AS likeCount,
      EXISTS (SELECT 1 FROM likes l WHERE l.target_type = 'post' AND l.target_id = p.id AND l.user_id = ${viewerId}) AS liked,
      (SELECT count(*) FROM comments k WHERE k.post_id = p.id) AS commentCount,
      (SELECT json_group_array(json_object('id', k.id, 'parentId', k.parent_id, 'body', k.body, 'lang', k.lang, 'textVersion', k.text_version, 'createdAt', k.created_at, 'editedAt', k.edited_at,
          'authorId', ku.id, 'authorName', ku.name, 'authorUsername', ku.username, 'authorAvatar', ku.avatar,
          'relation', ${relationSql(viewerId, sql`ku.id`)},
          'likeCount', (SELECT count(*) FROM likes l WHERE l.target_type = 'comment' AND l.target_id = k.id),
          'liked', EXISTS (SELECT 1 FROM likes l WHERE l.target_type = 'comment' AND l.target_id = k.id AND l.user_id = ${viewerId})))
        FROM (SELECT * FROM comments WHERE post_id = p.id AND parent_id IS NULL ORDER BY created_at, id LIMIT ${FIRST_COMMENTS}) k
        LEFT JOIN users ku ON ku.id = k.author_id AND ${activeUser("ku")}) AS firstComments
    FROM (${
      scope.kind === "feed"
        ? feedPageSql(viewerId, limit, cursor)
        : sql`SELECT p.id FROM posts p
      JOIN communities c ON c.id = p.community_id
      LEFT JOIN community_members m ON m.community_id = p.community_id AND m.user_id = ${viewerId} AND m.status = 'active'
      WHERE ${scopeSql(scope, viewerId)}
        AND (c.join_policy = 'open' OR m.user_id IS NOT NULL)
        AND (p.status = 'published' OR p.author_id = ${viewerId} OR m.role IN ('owner', 'manager'))
        ${after}
      ORDER BY ${order}
      LIMIT ${limit}`
    }) page
    JOIN posts p ON p.id = page.id
    JOIN communities c ON c.id = p.community_id
    LEFT JOIN community_members m ON m.community_id = p.community_id AND m.user_id = ${viewerId} AND m.status = 'active'
    LEFT JOIN users u ON u.id = p.author_id AND ${activeUser("u")}
    ORDER BY ${order}`;
}

/**
 * The newsfeed's page of ids, merged from the viewer's communities like sorted lists (decision
 * 187): a recursive query whose queue is ordered (SQLite takes the newest row out first) starts
 * with each active membership's newest post the viewer may see; each post taken out of the queue
 * brings in the next older one of its community, read from that community's index
 * (posts_community_created). `limit` posts are taken: the rows read grow with the viewer's
 * communities and the page, never with the years of posts behind them (issue 27).
 */
function feedPageSql(viewerId: Value, limit: Value, cursor: { createdAt: Value; id: Value } | null) {
  const after = cursor ? sql`AND (x.created_at, x.id) < (${cursor.createdAt}, ${cursor.id})` : sql``;
  const newest = (community: SQL, role: SQL, older: SQL) => sql`(SELECT x.id FROM posts x
      WHERE x.community_id = ${community} ${older}
        AND (x.status = 'published' OR x.author_id = ${viewerId} OR ${role} IN ('owner', 'manager'))
      ORDER BY x.created_at DESC, x.id DESC LIMIT 1)`;
  return sql`WITH RECURSIVE feed(community_id, role, created_at, id) AS (
      SELECT m.community_id, m.role, p.created_at, p.id FROM community_members m
        JOIN posts p ON p.id = ${newest(sql`m.community_id`, sql`m.role`, after)}
        WHERE m.user_id = ${viewerId} AND m.status = 'active'
      UNION ALL
      SELECT f.community_id, f.role, p.created_at, p.id FROM feed f
        JOIN posts p ON p.id = ${newest(sql`f.community_id`, sql`f.role`, sql`AND (x.created_at, x.id) < (f.created_at, f.id)`)}
      ORDER BY 3 DESC, 4 DESC
      LIMIT ${limit}
    ) SELECT id FROM feed`;
}

export function userInfoOf(
  id: unknown,
  name: unknown,
  username: unknown,
  avatar: unknown,
  relation: unknown,
): UserInfo | null {
  if (id == null) return null;
  const [status, way] = typeof relation === "string" ? relation.split(":") : [];
  const friendStatus =
    status === "accepted"
      ? FriendStatus.Friends
      : status === "pending"
        ? FriendStatus.Pending
        : FriendStatus.NotFriends;
  return {
    id: Number(id),
    name: String(name),
    username: username == null ? null : String(username),
    avatar: avatarUrl(String(avatar ?? "")),
    friendStatus,
    direction: status === "pending" ? (way === "out" ? "outgoing" : "incoming") : null,
  };
}

/** The text's detected language and version (decision 150). */
function languageOf(row: Record<string, unknown>) {
  return { lang: row.lang == null ? null : String(row.lang), textVersion: Number(row.textVersion ?? 1) };
}

export function toCommentCard(row: Record<string, unknown>): CommentCard {
  const blocked = blockedRelation(row);
  return {
    id: Number(row.id),
    parentId: row.parentId == null ? null : Number(row.parentId),
    body: blocked ? "" : String(row.body),
    blockedAuthor: blocked,
    ...languageOf(row),
    createdAt: Number(row.createdAt),
    editedAt: row.editedAt == null ? null : Number(row.editedAt),
    author: userInfoOf(row.authorId, row.authorName, row.authorUsername, row.authorAvatar, row.relation),
    likeCount: Number(row.likeCount ?? 0),
    liked: Boolean(row.liked),
  };
}

export function toPostCard(row: Record<string, unknown>): PostCard {
  const comments = JSON.parse(String(row.firstComments ?? "[]")) as Record<string, unknown>[];
  const blocked = blockedRelation(row);
  return {
    id: Number(row.id),
    body: blocked ? "" : String(row.body),
    blockedAuthor: blocked,
    ...languageOf(row),
    images: blocked ? [] : toImageCards(Number(row.id), parseImages(row.images)),
    createdAt: Number(row.createdAt),
    editedAt: row.editedAt == null ? null : Number(row.editedAt),
    pending: row.status === "pending",
    pinned: row.pinnedAt != null,
    // Marked urgent by a manager (decision 183): only then present, so ordinary cards carry nothing more.
    ...(row.urgentAt != null ? { urgent: true as const } : {}),
    community: {
      id: Number(row.communityId),
      name: String(row.communityName),
      slug: String(row.communitySlug),
      category: String(row.category),
    },
    author: userInfoOf(row.authorId, row.authorName, row.authorUsername, row.authorAvatar, row.relation),
    likeCount: Number(row.likeCount ?? 0),
    liked: Boolean(row.liked),
    commentCount: Number(row.commentCount ?? 0),
    firstComments: comments.map(toCommentCard),
    canModerate: row.viewerRole === "owner" || row.viewerRole === "manager",
  };
}

export function encodeCursor(post: Pick<PostCard, "createdAt" | "id">) {
  return `${post.createdAt}_${post.id}`;
}

export function decodeCursor(value: string | null): Cursor | null {
  const match = value?.match(/^(\d{1,15})_(\d{1,15})$/);
  return match ? { createdAt: Number(match[1]), id: Number(match[2]) } : null;
}
