import { type SQL, sql } from "drizzle-orm";
import type { DirectTargetType } from "~/lib/moderation";
import { activeUser } from "~/server/users/active-user.server";

/**
 * What a report that belongs to no community points at (decision 186): a chat message
 * ("message"), an inbox message ("mail") or a person ("user"). Each as SQL the report, the
 * operators' queue and the operator's decision share, so all three mean the same thing.
 */
export type DirectTarget = { type: DirectTargetType; id: number };

/** A chat message is gone for everyone once a moderator removes it (decision 051's dispositions). */
export const REMOVED_BY_MODERATOR = 3;

/**
 * One row (authorId, body) when `viewerId` may report the target: a chat message in one of
 * their conversations, an inbox message they received and kept, an active person; never their
 * own. Otherwise no row, so a report of what the viewer cannot see changes nothing.
 */
export function reportableSql(viewerId: number, { type, id }: DirectTarget): SQL {
  switch (type) {
    case "message":
      return sql`SELECT m.sender_id AS authorId, m.content AS body FROM messages m
        WHERE m.id = ${id} AND m.disposition = 0 AND m.sender_id IS NOT NULL AND m.sender_id != ${viewerId}
          AND EXISTS (SELECT 1 FROM conversation_participants cp
            WHERE cp.conversation_id = m.conversation_id AND cp.user_id = ${viewerId})`;
    case "mail":
      return sql`SELECT m.sender_id AS authorId, m.subject || char(10) || m.body AS body FROM mail_messages m
        WHERE m.id = ${id} AND m.sender_id IS NOT NULL AND m.sender_id != ${viewerId}
          AND EXISTS (SELECT 1 FROM mail_recipients r WHERE r.message_id = m.id AND r.user_id = ${viewerId}
            AND r.deleted_at IS NULL)`;
    case "user":
      return sql`SELECT u.id AS authorId, '' AS body FROM users u
        WHERE u.id = ${id} AND u.id != ${viewerId} AND ${activeUser("u")}`;
  }
}

/** The target's author (the reported person themselves for "user") and its text, as they are now. */
export function targetColumnsSql({ type, id }: DirectTarget): { author: SQL; body: SQL } {
  switch (type) {
    case "message":
      return {
        author: sql`(SELECT sender_id FROM messages WHERE id = ${id})`,
        body: sql`(SELECT content FROM messages WHERE id = ${id})`,
      };
    case "mail":
      return {
        author: sql`(SELECT sender_id FROM mail_messages WHERE id = ${id})`,
        body: sql`(SELECT subject || char(10) || body FROM mail_messages WHERE id = ${id})`,
      };
    case "user":
      return {
        author: sql`(SELECT id FROM users WHERE id = ${id})`,
        body: sql`(SELECT name FROM users WHERE id = ${id})`,
      };
  }
}

/**
 * Where a notification about the target points (a path): the conversation, the inbox message,
 * or, for a person, the reported person's profile for the reporter and the community rules for
 * the warned person.
 */
export function targetPathSql({ type, id }: DirectTarget, forAuthor: boolean): SQL {
  switch (type) {
    case "message":
      return sql`'/chat/' || (SELECT conversation_id FROM messages WHERE id = ${id})`;
    case "mail":
      return sql`${`/messagesold/${id}`}`;
    case "user":
      return sql`${forAuthor ? "/about/aup" : `/users/${id}`}`;
  }
}
