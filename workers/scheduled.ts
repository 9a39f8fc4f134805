import { sendDayBeforeReminders } from "../app/server/events/reminders.server";
import { apiTranslator } from "../app/server/http/json.server";

/**
 * The Cron Trigger (wrangler.toml [triggers]): hourly, day-before event reminders (decision 059).
 * Loaded on first use, like the app. Locally: `curl http://127.0.0.1:8787/cdn-cgi/local/scheduled`.
 */
export async function runScheduled(controller: ScheduledController, env: Env) {
  const origin = env.APP_ORIGIN;
  const t = apiTranslator();
  await sendDayBeforeReminders(controller.scheduledTime, { origin, t });
}
