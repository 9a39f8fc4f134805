import { type SQL, sql } from "drizzle-orm";
import { eventHref } from "~/lib/calendar/links";
import type { EmailKind } from "~/lib/notification-kinds";
import type { TranslatableKind } from "~/lib/translation";
import { sqlRows } from "~/server/db/batch.server";
import { activeUserText } from "~/server/users/active-user.server";

/**
 * What a digest lists (issue 23 item 5, decision 171): per person, what came in during the
 * period that they have not seen. These reads name other areas' tables, as the notification
 * mails' do (decision 120: the notifications area imports no area). Unseen means: a chat message
 * after the person's read mark, an inbox message not opened, a friend request still pending, a
 * post they have neither liked nor commented on (the feed keeps no per-post read mark), an event
 * change whose notification they have not seen (decision 184).
 */

/** Kinds a digest can list. */
export const DIGEST_KINDS = ["posts", "friends", "inbox", "chat", "events"] as const satisfies readonly EmailKind[];
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** A digest lists at most this many items of a kind; the rest are counted ("and 4 more"). */
export const DIGEST_ITEMS_MAX = 20;

/**
 * One line of a digest. `total`: how many the person has of this kind in the period. `detail`:
 * an event's change ("created", "changed", "cancelled"). Where the line quotes someone's words
 * (a post, a chat message), `quoteId` is that item, with its language, its version and its cached
 * translation into the person's language, if any (decision 184: read in the same statement).
 */
export type DigestItem = {
  userId: number;
  itemId: number;
  actor: string | null;
  place: string | null;
  text: string | null;
  detail: string | null;
  quoteId: number | null;
  lang: string | null;
  version: number | null;
  cached: string | null;
  cachedFrom: string | null;
  total: number;
};

/**
 * Who is due for this kind, since when (UTC ms: the digest's window is (since, until]) and the
 * base language they read (for the cached translations).
 */
export type DigestWindow = { id: number; since: number; lang: string };

/** What a kind's lines quote, as the translation cache names it. */
export const DIGEST_QUOTES: Partial<Record<DigestKind, TranslatableKind>> = { posts: "post", chat: "message" };

/**
 * The notification of an event change names the event in its oid, so a digest can find the
 * changes a person has not seen (decision 184): `event-<event id>-<job key>-<user id>`.
 */
export function eventChangeOid(eventId: number, jobKey: string, userId: number) {
  return `event-${eventId}-${jobKey}-${userId}`;
}

const due = (windows: DigestWindow[]) =>
  sql`(SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.since') AS since,
    json_extract(value, '$.lang') AS lang FROM json_each(${JSON.stringify(windows)}))`;
/** The quoted item's cached translation into the person's language, for this very version (`t`). */
const cachedJoin = (kind: TranslatableKind, item: string) =>
  sql.raw(`LEFT JOIN translations t ON t.kind = '${kind}' AND t.item_id = ${item}.id
    AND t.text_version = ${item}.text_version AND t.lang = w.lang`);
const cachedColumns = sql.raw("t.text AS cached, t.source_lang AS cachedFrom");
/** A line that quotes nothing. */
const noQuote = sql.raw("NULL AS quoteId, NULL AS lang, NULL AS version, NULL AS cached, NULL AS cachedFrom");
const actorName = (column: string) =>
  sql.raw(`(SELECT CASE WHEN ${activeUserText("a")} THEN a.name END FROM users a WHERE a.id = ${column})`);
const notBlocked = (author: string) =>
  sql.raw(`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = w.id AND b.blocked_id = ${author})`);

/** Newest first, at most DIGEST_ITEMS_MAX per person, each row knowing the person's total. */
function capped(inner: SQL) {
  return sqlRows<DigestItem>(sql`SELECT userId, itemId, actor, place, text, detail, quoteId, lang, version, cached,
      cachedFrom, total FROM (
      SELECT i.*, row_number() OVER (PARTITION BY i.userId ORDER BY i.at DESC, i.itemId DESC) AS n,
        count(*) OVER (PARTITION BY i.userId) AS total
      FROM (${inner}) i) WHERE n <= ${DIGEST_ITEMS_MAX} ORDER BY userId, n`);
}

/** One statement per kind, for every person due for it; joined to the run's batch. */
export function digestItemsQuery(kind: DigestKind, windows: DigestWindow[], until: number) {
  switch (kind) {
    case "posts":
      return capped(sql`SELECT w.id AS userId, p.id AS itemId, ${actorName("p.author_id")} AS actor,
          c.name AS place, p.body AS text, NULL AS detail, p.id AS quoteId, p.lang AS lang,
          p.text_version AS version, ${cachedColumns}, p.created_at AS at
        FROM ${due(windows)} w
        JOIN community_members m ON m.user_id = w.id AND m.status = 'active'
        JOIN posts p ON p.community_id = m.community_id AND p.created_at > w.since AND p.created_at <= ${until}
        JOIN communities c ON c.id = p.community_id
        ${cachedJoin("post", "p")}
        WHERE p.status = 'published' AND (p.author_id IS NULL OR p.author_id != w.id) AND ${notBlocked("p.author_id")}
          AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.user_id = w.id AND l.target_type = 'post' AND l.target_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM comments k WHERE k.post_id = p.id AND k.author_id = w.id)`);
    case "friends":
      return capped(sql`SELECT w.id AS userId, f.requester_id AS itemId, ${actorName("f.requester_id")} AS actor,
          NULL AS place, NULL AS text, NULL AS detail, ${noQuote}, f.created_at AS at
        FROM ${due(windows)} w
        JOIN friendships f ON f.addressee_id = w.id AND f.status = 'pending'
          AND f.created_at > w.since AND f.created_at <= ${until}
        WHERE ${notBlocked("f.requester_id")}`);
    case "inbox":
      return capped(sql`SELECT w.id AS userId, m.id AS itemId, ${actorName("m.sender_id")} AS actor,
          NULL AS place, m.subject AS text, NULL AS detail, ${noQuote}, m.created_at AS at
        FROM ${due(windows)} w
        JOIN mail_recipients r ON r.user_id = w.id AND r.read_at IS NULL AND r.deleted_at IS NULL
        JOIN mail_messages m ON m.id = r.message_id AND m.created_at > w.since AND m.created_at <= ${until}
        WHERE ${notBlocked("m.sender_id")}`);
    case "chat":
      // One line per conversation: its newest unread message of the period.
      return capped(sql`SELECT w.id AS userId, p.conversation_id AS itemId, ${actorName("m.sender_id")} AS actor,
          c.title AS place, m.content AS text, NULL AS detail, m.id AS quoteId, m.lang AS lang,
          m.text_version AS version, ${cachedColumns}, m.created_at AS at
        FROM ${due(windows)} w
        JOIN conversation_participants p ON p.user_id = w.id
        JOIN conversations c ON c.id = p.conversation_id
        JOIN messages m ON m.id = (SELECT x.id FROM messages x WHERE x.conversation_id = p.conversation_id
          AND x.created_at > max(p.last_read_at, w.since) AND x.created_at <= ${until} AND x.disposition = 0
          AND (x.sender_id IS NULL OR x.sender_id != w.id) ORDER BY x.created_at DESC, x.id DESC LIMIT 1)
        ${cachedJoin("message", "m")}
        WHERE ${notBlocked("m.sender_id")}`);
    case "events":
      // One line per event: changed, in the period, with a notification the person has not seen
      // (nor removed), among the events of their communities or that they answered.
      return capped(sql`SELECT w.id AS userId, e.id AS itemId, NULL AS actor, c.name AS place, e.title AS text,
          CASE WHEN e.cancelled_at IS NOT NULL THEN 'cancelled' WHEN e.created_at > w.since THEN 'created'
            ELSE 'changed' END AS detail, ${noQuote}, max(n.created_at) AS at
        FROM ${due(windows)} w
        JOIN notifications n ON n.user_id = w.id AND n.deleted = 0 AND n.seen = 0 AND n.oid LIKE 'event-%'
          AND n.created_at > w.since AND n.created_at <= ${until}
        JOIN events e ON e.id = CAST(substr(n.oid, 7) AS INTEGER)
        JOIN communities c ON c.id = e.community_id
        WHERE EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = e.community_id AND m.user_id = w.id
            AND m.status = 'active')
          OR EXISTS (SELECT 1 FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = w.id AND r.status != 'not_going')
        GROUP BY w.id, e.id`);
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
    case "events":
      return eventHref(itemId);
  }
}
