import { waitUntil } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { DIRECT_ACTIONS, type ModerationAction } from "~/lib/moderation";
import { sqlRows, sqlRun } from "~/server/db/batch.server";
import {
  insertNotificationsSql,
  type StoredNotification,
  storedNotificationsSql,
} from "~/server/notifications/notification-writes.server";
import { noticeText, publishAfterCommit } from "~/server/notifications/notifier.server";
import { notificationOrigin } from "~/server/notifications/origin.server";
import { publishToUsers } from "~/server/realtime/realtime.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { type DirectTarget, REMOVED_BY_MODERATOR, targetColumnsSql, targetPathSql } from "./direct-targets.server";
import type { ModerationResult } from "./moderation.server";
import { isOperatorSql } from "./operators.server";

/**
 * An operator's decision on a reported chat message, inbox message or person (decision 186),
 * in one batch like a community's (decision 161): the audit row, the reporters' notices, the
 * author's warning, the action and the resolved reports, every statement under one guard (the
 * actor is an operator, their token is current, the target is still reported).
 */
export type DirectModerationInput = { target: DirectTarget; action: ModerationAction; note: string };

type RemovedMessage = {
  id: number;
  conversationId: number;
  senderId: number;
  clientMsgId: string | null;
  createdAt: number;
};

function actionSql({ target, action }: DirectModerationInput, allowed: SQL, now: number) {
  const none = sql`SELECT 1 WHERE 0`;
  if (action !== "remove") return { message: none, mail: none, copies: none };
  if (target.type === "message") {
    return {
      message: sql`UPDATE messages SET disposition = ${REMOVED_BY_MODERATOR}, content = ''
        WHERE id = ${target.id} AND disposition = 0 AND ${allowed}
        RETURNING id, conversation_id AS conversationId, sender_id AS senderId, client_msg_id AS clientMsgId,
          created_at AS createdAt`,
      mail: none,
      copies: none,
    };
  }
  // An inbox message leaves every copy: the sender's and each recipient's (decision 063's deletes).
  return {
    message: none,
    mail: sql`UPDATE mail_messages SET sender_deleted_at = coalesce(sender_deleted_at, ${now})
      WHERE id = ${target.id} AND ${allowed}`,
    copies: sql`UPDATE mail_recipients SET deleted_at = coalesce(deleted_at, ${now})
      WHERE message_id = ${target.id} AND ${allowed}`,
  };
}

const WHAT = { message: "moderation:what.message", mail: "moderation:what.message", user: "moderation:what.user" };

export async function moderateDirect(
  actor: Actor,
  input: DirectModerationInput,
  now = Date.now(),
): Promise<ModerationResult> {
  const { target, action, note } = input;
  if (!DIRECT_ACTIONS[target.type].includes(action)) return { status: "not_allowed" };
  const reportedHere = sql`r.community_id IS NULL AND r.target_type = ${target.type} AND r.target_id = ${target.id}`;
  const reported = sql`EXISTS (SELECT 1 FROM reports r WHERE ${reportedHere})`;
  const allowed = sql`(${isOperatorSql(actor.id)} AND ${reported} AND ${tokenIsCurrent(actor.id, actor.tokenVersion)})`;
  const { author, body } = targetColumnsSql(target);
  const run = crypto.randomUUID();
  const origin = notificationOrigin();
  const what = noticeText(WHAT[target.type]);
  const reporters = sql`SELECT DISTINCT ${`moderation-${run}-`} || r.reporter_id AS oid, r.reporter_id AS user_id,
      ${origin} || ${targetPathSql(target, false)} AS url
    FROM reports r WHERE ${reportedHere} AND r.reporter_id IS NOT NULL AND ${allowed}`;
  const warned = sql`SELECT ${`moderation-${run}-warn`} AS oid, ${author} AS user_id,
      ${origin} || ${targetPathSql(target, true)} AS url
    WHERE ${action === "warn" ? sql`1` : sql`0`} AND ${author} IS NOT NULL AND ${allowed}`;
  const person = target.type === "user";
  const warning = noticeText(
    `moderation:notifications.${person ? "warnedPerson" : "warned"}${note ? "WithNote" : ""}`,
    { what, note },
  );
  const outcome = noticeText(`moderation:${person ? "outcomePerson" : "outcome"}.${action}`, { what });
  const acts = actionSql(input, allowed, now);
  const results = await batchAs(actor, {
    logged: sqlRows<{ id: number }>(sql`INSERT INTO moderation_log
        (community_id, actor_id, action, target_type, target_id, subject_id, excerpt, report_count, note, created_at)
      SELECT NULL, ${actor.id}, ${action}, ${target.type}, ${target.id}, ${author},
        substr(coalesce(${body}, ''), 1, 500), (SELECT count(*) FROM reports r WHERE ${reportedHere}), ${note}, ${now}
      WHERE ${allowed} RETURNING id`),
    toReporters: sqlRun(insertNotificationsSql(reporters, { title: outcome, createdAt: now })),
    toAuthor: sqlRun(insertNotificationsSql(warned, { title: warning, createdAt: now })),
    stored: sqlRows<StoredNotification>(
      storedNotificationsSql(sql`SELECT s.oid FROM (${reporters}) s UNION ALL SELECT w.oid FROM (${warned}) w`),
    ),
    removed: sqlRows<RemovedMessage>(acts.message),
    members: sqlRows<{ userId: number }>(
      target.type === "message" && action === "remove"
        ? sql`SELECT user_id AS userId FROM conversation_participants
            WHERE conversation_id = (SELECT conversation_id FROM messages WHERE id = ${target.id})`
        : sql`SELECT 1 AS userId WHERE 0`,
    ),
    mail: sqlRun(acts.mail),
    copies: sqlRun(acts.copies),
    resolved: sqlRun(sql`DELETE FROM reports AS r WHERE ${reportedHere} AND ${allowed}`),
  });
  if (results.logged.length === 0) return { status: "not_found" };
  publishAfterCommit(results.stored);
  const removed = results.removed[0];
  if (removed) {
    // Open conversations drop the message at once, as when its sender deletes it.
    const data = { ...removed, content: "", disposition: REMOVED_BY_MODERATOR, lang: null };
    const frame = {
      messageType: "message" as const,
      data: { ...data, clientMsgId: data.clientMsgId ?? `server-${data.id}` },
    };
    waitUntil(
      publishToUsers(
        results.members.map((m) => m.userId),
        frame,
      ),
    );
  }
  return { status: "ok" };
}
