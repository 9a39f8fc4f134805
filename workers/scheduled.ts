import { sendDayBeforeReminders } from "../app/server/events/reminders.server";
import { sendDigests } from "../app/server/notifications/digest-run.server";
import { sendHeldMails } from "../app/server/notifications/mail-recipients.server";
import { sendQuietSummaries } from "../app/server/notifications/quiet-hours.server";
import { clearOldReceipts } from "../app/server/queue/consume.server";

/**
 * The Cron Trigger (wrangler.toml [triggers]): hourly, day-before event reminders (decision 059).
 * Loaded on first use, like the app. Locally: `curl http://127.0.0.1:8787/cdn-cgi/local/scheduled`.
 */
export async function runScheduled(controller: ScheduledController) {
  // Outside a request the notifications' URLs start with APP_ORIGIN (notifications/origin.server.ts).
  await sendDayBeforeReminders(controller.scheduledTime);
  // Quiet hours that ended: one summary push each (decision 137).
  await sendQuietSummaries(controller.scheduledTime);
  // Emails held during quiet hours that ended: one summary per kind (decision 169).
  await sendHeldMails(controller.scheduledTime);
  // Daily and weekly email digests, each person at their hour in their zone (decision 171).
  await sendDigests(controller.scheduledTime);
  // Idempotency receipts older than any message the queue could still deliver (decision 165).
  await clearOldReceipts(controller.scheduledTime);
}
