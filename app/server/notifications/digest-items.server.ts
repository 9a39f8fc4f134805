import { type SQL, sql } from "drizzle-orm";
import type { EmailKind } from "~/lib/notification-kinds";
import { sqlRows } from "~/server/db/batch.server";
import { activeUserText } from "~/server/users/active-user.server";

/**
 * What a digest lists (issue 23 item 5, decision 171): per person, what came in during the
 * period that they have not seen. These reads name other areas' tables, as the notification
 * mails' do (decision 120: the notifications area imports no area). Unseen means: a chat message
 * after the person's read mark, an inbox message not opened, a friend request still pending, a
 * post they have neither liked nor commented on (the feed keeps no per-post read mark).
 */

/** Kinds a digest can list; event changes are mailed as they happen (decision 171). */
export const DIGEST_KINDS = ["posts", "friends", "inbox", "chat"] as const satisfies readonly EmailKind[];
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** A digest lists at most this many items of a kind; the rest are counted ("and 4 more"). */
export const DIGEST_ITEMS_MAX = 20;

/** One line of a digest. `total`: how many the person has of this kind in the period. */
export type DigestItem = {
  userId: number;
  itemId: number;
  actor: string | null;
  place: string | null;
  text: string | null;
  total: number;
};

/** Who is due for this kind and since when (UTC ms): the digest's window is (since, until]. */
export type DigestWindow = { id: number; since: number };

const due = (windows: DigestWindow[]) =>
  sql`(SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.since') AS since
    FROM json_each(${JSON.stringify(windows)}))`;
const actorName = (column: string) =>
  sql.raw(`(SELECT CASE WHEN ${activeUserText("a")} THEN a.name END FROM users a WHERE a.id = ${column})`);
const notBlocked = (author: string) =>
  sql.raw(`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = w.id AND b.blocked_id = ${author})`);

/** Newest first, at most DIGEST_ITEMS_MAX per person, each row knowing the person's total. */
function capped(inner: SQL) {
  return sqlRows<DigestItem>(sql`SELECT userId, itemId, actor, place, text, total FROM (
      SELECT i.*, row_number() OVER (PARTITION BY i.userId ORDER BY i.at DESC, i.itemId DESC) AS n,
        count(*) OVER (PARTITION BY i.userId) AS total
      FROM (${inner}) i) WHERE n <= ${DIGEST_ITEMS_MAX} ORDER BY userId, n`);
}

/** One statement per kind, for every person due for it; joined to the run's batch. */
export function digestItemsQuery(kind: DigestKind, windows: DigestWindow[], until: number) {
  switch (kind) {
    case "posts":
      return capped(sql`SELECT w.id AS userId, p.id AS itemId, ${actorName("p.author_id")} AS actor,
          c.name AS place, p.body AS text, p.created_at AS at
        FROM ${due(windows)} w
        JOIN community_members m ON m.user_id = w.id AND m.status = 'active'
        JOIN posts p ON p.community_id = m.community_id AND p.created_at > w.since AND p.created_at <= ${until}
        JOIN communities c ON c.id = p.community_id
        WHERE p.status = 'published' AND (p.author_id IS NULL OR p.author_id != w.id) AND ${notBlocked("p.author_id")}
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = w.id AND l.target_type = 'post' AND l.target_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM comments k WHERE k.post_id = p.id AND k.author_id = w.id)`);
    case "friends":
      return capped(sql`SELECT w.id AS userId, f.requester_id AS itemId, ${actorName("f.requester_id")} AS actor,
          NULL AS place, NULL AS text, f.created_at AS at
        FROM ${due(windows)} w
        JOIN friendships f ON f.addressee_id = w.id AND f.status = 'pending'
          AND f.created_at > w.since AND f.created_at <= ${until}
        WHERE ${notBlocked("f.requester_id")}`);
    case "inbox":
      return capped(sql`SELECT w.id AS userId, m.id AS itemId, ${actorName("m.sender_id")} AS actor,
          NULL AS place, m.subject AS text, m.created_at AS at
        FROM ${due(windows)} w
        JOIN mail_recipients r ON r.user_id = w.id AND r.read_at IS NULL AND r.deleted_at IS NULL
        JOIN mail_messages m ON m.id = r.message_id AND m.created_at > w.since AND m.created_at <= ${until}
        WHERE ${notBlocked("m.sender_id")}`);
    case "chat":
      // One line per conversation: its newest unread message of the period.
      return capped(sql`SELECT w.id AS userId, p.conversation_id AS itemId, ${actorName("m.sender_id")} AS actor,
          c.title AS place, m.content AS text, m.created_at AS at
        FROM ${due(windows)} w
        JOIN conversation_participants p ON p.user_id = w.id
        JOIN conversations c ON c.id = p.conversation_id
        JOIN messages m ON m.id = (SELECT x.id FROM messages x WHERE x.conversation_id = p.conversation_id
          AND x.created_at > max(p.last_read_at, w.since) AND x.created_at <= ${until} AND x.disposition = 0
          AND (x.sender_id IS NULL OR x.sender_id != w.id) ORDER BY x.created_at DESC, x.id DESC LIMIT 1)
        WHERE ${notBlocked("m.sender_id")}`);
  }
}

/** The page an item opens. */
export function digestItemPath(kind: DigestKind, itemId: number) {
  switch (kind) {
    case "posts":
      return `/content/${itemId}`;
    case "friends":
      return "/profile/friends";
    case "inbox":
      return `/messagesold/${itemId}`;
    case "chat":
      return `/chat/${itemId}`;
  }
}
