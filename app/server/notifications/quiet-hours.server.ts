import { sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS, minutesOf } from "~/lib/forms/notification-settings";
import { isQuiet } from "~/lib/quiet-hours";
import { batch, single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { apiTranslator } from "~/server/http/json.server";
import { enqueue } from "~/server/queue/queue.server";
import { notificationOrigin } from "./origin.server";
import type { PushPayload } from "./push.server";

/**
 * Quiet hours (issue 23 item 6, decision 137): pushes that arrive during them are held, and
 * the hourly Cron Trigger sends each person one summary once theirs have ended.
 */

const DEFAULT_START = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietStart);
const DEFAULT_END = minutesOf(DEFAULT_NOTIFICATION_SETTINGS.quietEnd);

/** Each user's zone and quiet window (the defaults without a settings row, UTC without a zone). */
export function quietHoursQuery(userIds: number[]) {
  return sqlRows<{ userId: number; zone: string; start: number; end: number }>(sql`
    SELECT u.id AS userId, coalesce(u.time_zone, 'UTC') AS zone,
      coalesce(s.quiet_start, ${DEFAULT_START}) AS start, coalesce(s.quiet_end, ${DEFAULT_END}) AS "end"
    FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
    WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`);
}

export async function holdPushes(userIds: number[], payload: PushPayload) {
  const text = JSON.stringify(payload);
  await single(
    getDb()
      .insert(schema.heldPushes)
      .values(userIds.map((userId) => ({ userId, payload: text }))),
  );
}

/**
 * The Cron Trigger's part: for everyone with held pushes whose quiet hours are over, one push
 * (the held one itself when there was one, else "N notifications while it was quiet"), through
 * the queue. Three statements: who waits, then taking their held rows (a run that overlaps
 * another sends nothing twice: the delete answers each row once).
 */
export async function sendQuietSummaries(now = Date.now()) {
  const { waiting } = await batch({
    waiting: sqlRows<{ userId: number; zone: string; start: number; end: number }>(sql`
      SELECT u.id AS userId, coalesce(u.time_zone, 'UTC') AS zone,
        coalesce(s.quiet_start, ${DEFAULT_START}) AS start, coalesce(s.quiet_end, ${DEFAULT_END}) AS "end"
      FROM (SELECT DISTINCT user_id FROM held_pushes) h JOIN users u ON u.id = h.user_id
      LEFT JOIN notification_settings s ON s.user_id = u.id`),
  });
  const due = waiting.filter((user) => !isQuiet(now, user.zone, user.start, user.end)).map((user) => user.userId);
  if (due.length === 0) return 0;
  const taken = await single(
    sqlRows<{ userId: number; payload: string }>(sql`
      DELETE FROM held_pushes WHERE user_id IN (SELECT value FROM json_each(${JSON.stringify(due)}))
      RETURNING user_id AS userId, payload`),
  );
  const byUser = new Map<number, PushPayload[]>();
  for (const row of taken) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), JSON.parse(row.payload)]);
  const t = apiTranslator();
  for (const [userId, payloads] of byUser) {
    const payload: PushPayload =
      payloads.length === 1
        ? payloads[0]!
        : {
            title: t("common:appName"),
            body: t("notifications:push.summary", { count: payloads.length }),
            url: `${notificationOrigin()}/newsfeed`,
            tag: "quiet-hours-summary",
          };
    enqueue("push", { userIds: [userId], payload, throughQuiet: true });
  }
  return byUser.size;
}
