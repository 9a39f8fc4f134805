import { sql } from "drizzle-orm";
import type { Translate } from "~/lib/translate";
import type { TranslatableKind } from "~/lib/translation";
import { sqlRows } from "~/server/db/batch.server";
import type { RecipientText } from "~/server/translation/recipient-text.server";
import { excerpt, type MailContent, quotedText } from "./mail-render.server";

/**
 * What a notification email is about, as its job carries it (ids, never texts: each recipient
 * reads it in their own language), and how each kind reads what it says (decision 169). These
 * reads name other areas' tables, as the translation service's do: the notifications area may
 * import no area (decision 120), and a mail must read what is true when it is sent.
 */
export type MailAbout =
  | { kind: "chat"; conversationId: number; messageId: number; senderId: number }
  | { kind: "inbox"; messageId: number; senderId: number }
  | { kind: "friends"; fromId: number }
  | { kind: "events"; eventId: number; change: EventMailChange; path: string }
  /** `urgent`: marked so by a school's or district's manager (decision 183), said in the subject. */
  | { kind: "posts"; postId: number; authorId: number; urgent?: boolean };

export type EventMailChange = "created" | "changed" | "cancelled" | "reminder";

/** What the mail names: the person who acted, and the thing's title, group or community. */
export type MailFacts = { actor: string | null; title: string | null; place: string | null; group: number };

/** Per recipient: whether they are still to be told, and for chat how many messages wait. */
export type Waiting = { userId: number; unread: number };

const ids = (userIds: number[]) => sql`(SELECT value FROM json_each(${JSON.stringify(userIds)}))`;
const actorName = (id: number) => sql`(SELECT name FROM users WHERE id = ${id})`;
/** Someone who blocked the actor hears nothing of them (decision 160). */
const notBlocking = (recipient: ReturnType<typeof sql>, actorId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${recipient} AND b.blocked_id = ${actorId})`;

/** The facts the mail names: one statement, joined to the job's batch. */
export function factsQuery(about: MailAbout) {
  switch (about.kind) {
    case "chat":
      return sqlRows<MailFacts>(sql`SELECT ${actorName(about.senderId)} AS actor, c.title AS title, NULL AS place,
        c.type AS "group" FROM conversations c WHERE c.id = ${about.conversationId}`);
    case "inbox":
      return sqlRows<MailFacts>(sql`SELECT ${actorName(about.senderId)} AS actor, m.subject AS title, NULL AS place,
        0 AS "group" FROM mail_messages m WHERE m.id = ${about.messageId}`);
    case "friends":
      return sqlRows<MailFacts>(sql`SELECT name AS actor, NULL AS title, NULL AS place, 0 AS "group"
        FROM users WHERE id = ${about.fromId} AND deleted_at IS NULL`);
    case "events":
      return sqlRows<MailFacts>(sql`SELECT NULL AS actor, e.title AS title, c.name AS place, 0 AS "group"
        FROM events e JOIN communities c ON c.id = e.community_id WHERE e.id = ${about.eventId}`);
    case "posts":
      return sqlRows<MailFacts>(sql`SELECT ${actorName(about.authorId)} AS actor, NULL AS title, c.name AS place,
        0 AS "group" FROM posts p JOIN communities c ON c.id = p.community_id
        WHERE p.id = ${about.postId} AND p.status = 'published'`);
  }
}

/**
 * Which of the users are still to be told, one statement. Chat: those for whom this message is
 * the first unread one of its conversation, so a run of messages makes one mail (sent 15 minutes
 * after the first, naming how many wait); inbox: those who have not opened nor deleted it;
 * everyone else: those who have not blocked the person who acted.
 */
export function waitingQuery(about: MailAbout, userIds: number[]) {
  switch (about.kind) {
    case "chat":
      return sqlRows<Waiting>(sql`SELECT s.userId, s.unread FROM (
          SELECT p.user_id AS userId,
            (SELECT min(m.id) FROM messages m WHERE m.conversation_id = p.conversation_id AND m.created_at > p.last_read_at
              AND m.disposition = 0 AND (m.sender_id IS NULL OR m.sender_id != p.user_id)) AS firstUnread,
            (SELECT count(*) FROM messages m WHERE m.conversation_id = p.conversation_id AND m.created_at > p.last_read_at
              AND m.disposition = 0 AND (m.sender_id IS NULL OR m.sender_id != p.user_id)) AS unread
          FROM conversation_participants p
          WHERE p.conversation_id = ${about.conversationId} AND p.user_id IN ${ids(userIds)}
            AND ${notBlocking(sql`p.user_id`, about.senderId)}) s
        WHERE s.firstUnread = ${about.messageId}`);
    case "inbox":
      return sqlRows<Waiting>(sql`SELECT r.user_id AS userId, 1 AS unread FROM mail_recipients r
        WHERE r.message_id = ${about.messageId} AND r.read_at IS NULL AND r.deleted_at IS NULL
          AND r.user_id IN ${ids(userIds)} AND ${notBlocking(sql`r.user_id`, about.senderId)}`);
    default: {
      const actor = about.kind === "friends" ? about.fromId : about.kind === "posts" ? about.authorId : null;
      return sqlRows<Waiting>(sql`SELECT u.id AS userId, 1 AS unread FROM users u WHERE u.id IN ${ids(userIds)}
        AND ${actor === null ? sql`1` : notBlocking(sql`u.id`, actor)}`);
    }
  }
}

/** The item whose words the mail quotes, translated for each recipient (issue 24 item 5). */
export function quotedItem(about: MailAbout): { kind: TranslatableKind; id: number } | null {
  if (about.kind === "chat") return { kind: "message", id: about.messageId };
  if (about.kind === "inbox") return { kind: "mail", id: about.messageId };
  if (about.kind === "posts") return { kind: "post", id: about.postId };
  return null;
}

/** The page the mail opens. */
export function aboutPath(about: MailAbout) {
  switch (about.kind) {
    case "chat":
      return `/chat/${about.conversationId}`;
    case "inbox":
      return `/messagesold/${about.messageId}`;
    case "friends":
      return "/profile/friends";
    case "events":
      return about.path;
    case "posts":
      return `/content/${about.postId}`;
  }
}

/** One recipient's mail content, in their language (`t`), with the words they read (`text`). */
export function aboutContent(
  about: MailAbout,
  facts: MailFacts,
  waiting: Waiting,
  text: RecipientText | null,
  t: Translate,
  url: string,
): MailContent {
  const name = facts.actor ?? t("notifications:mail.someone");
  const words = text ? quotedText(text, t) : [];
  const open = (key: string) => ({ link: { label: t(`notifications:mail.${key}.open`), url } });
  switch (about.kind) {
    case "chat": {
      const more = waiting.unread - 1;
      const subject = facts.group
        ? t("notifications:mail.chat.subjectGroup", {
            name,
            conversation: facts.title ?? t("notifications:mail.chat.aGroup"),
          })
        : t("notifications:mail.chat.subject", { name });
      return {
        subject,
        blocks: [
          t("notifications:mail.chat.lead", { name }),
          ...words,
          ...(more > 0 ? [t("notifications:mail.chat.more", { count: more })] : []),
          open("chat"),
        ],
      };
    }
    case "inbox":
      return {
        subject: t("notifications:mail.inbox.subject", { name, subject: excerpt(facts.title ?? "") }),
        blocks: [t("notifications:mail.inbox.lead", { name, subject: facts.title ?? "" }), ...words, open("inbox")],
      };
    case "friends":
      return {
        subject: t("notifications:mail.friends.subject", { name }),
        blocks: [t("notifications:mail.friends.lead", { name }), open("friends")],
      };
    case "events": {
      const values = { title: facts.title ?? "", community: facts.place ?? "" };
      return {
        subject: t(`notifications:mail.events.subject_${about.change}`, values),
        blocks: [t(`notifications:mail.events.lead_${about.change}`, values), open("events")],
      };
    }
    case "posts":
      return {
        subject: t(`notifications:mail.posts.${about.urgent ? "subjectUrgent" : "subject"}`, {
          name,
          community: facts.place ?? "",
        }),
        blocks: [t("notifications:mail.posts.lead", { name, community: facts.place ?? "" }), ...words, open("posts")],
      };
  }
}
