import { and, eq, sql } from "drizzle-orm";
import { eventHref } from "~/lib/calendar/links";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { mailLater } from "~/server/notifications/mail-jobs.server";
import { noticeText, notifyNow, storedOids } from "~/server/notifications/notifier.server";
import { itemsOf } from "./calendar.server";
import { type EventRow, eventRowsOfSql } from "./calendar-rows.server";

const HOUR = 3_600_000;
const r = schema.eventRsvps;

/**
 * The day-before reminder (decision 059), run by the hourly Cron Trigger: everyone going to a
 * date (answers are per date: decision 058) that starts 24–25 hours after the hour of the run
 * is told once, with a link to that date. The notification id names the occurrence and the
 * person, so a repeated run never reminds twice. Stored through the notifier in one batch
 * (decision 119); whoever has no socket open gets a push (decision 136).
 */
export async function sendDayBeforeReminders(scheduledTime: number) {
  const from = Math.floor(scheduledTime / HOUR) * HOUR + 24 * HOUR;
  const to = from + HOUR;
  const db = getDb();
  // Answers keyed by their date: dates that start in the hour, and dates moved into it.
  const dueAnswer = sql`((${r.occurrenceStart} >= ${from} AND ${r.occurrenceStart} < ${to}) OR EXISTS (
    SELECT 1 FROM event_exceptions x WHERE x.event_id = ${r.eventId} AND x.occurrence_start = ${r.occurrenceStart}
      AND x.starts_at >= ${from} AND x.starts_at < ${to}))`;
  const going = and(eq(r.status, "going"), dueAnswer);
  // The calendar's rows (decision 196) of the events someone going to has a date in the hour.
  const { events, answers } = await batch({
    events: sqlRows<EventRow>(eventRowsOfSql(sql`SELECT ${r.eventId} FROM ${r} WHERE ${going}`, from, to)),
    answers: db
      .select({ eventId: r.eventId, occurrenceStart: r.occurrenceStart, userId: r.userId })
      .from(r)
      .where(going),
  });
  const due = itemsOf(events, from, to, events.length).filter((item) => item.startsAt >= from);
  const reminders = due.flatMap((item) =>
    answers
      .filter((answer) => answer.eventId === item.eventId && answer.occurrenceStart === item.occurrenceStart)
      .map((answer) => ({
        item,
        userId: answer.userId,
        oid: `reminder-${item.eventId}-${item.occurrenceStart}-${answer.userId}`,
      })),
  );
  if (reminders.length === 0) return 0;
  const sent = await storedOids(reminders.map((reminder) => reminder.oid));
  const fresh = reminders.filter((reminder) => !sent.has(reminder.oid));
  await notifyNow(
    fresh.map(({ item, userId, oid }) => ({
      oid,
      userId,
      title: noticeText("events:notifications.reminder", { title: item.title }),
      url: eventHref(item.eventId, item.occurrenceStart),
    })),
    `reminders-${from}`,
  );
  for (const { item, userId, oid } of fresh) {
    const path = eventHref(item.eventId, item.occurrenceStart);
    mailLater({ kind: "events", eventId: item.eventId, change: "reminder", path }, [userId], oid);
  }
  return fresh.length;
}
