import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { clockOf } from "~/lib/forms/notification-settings";
import { localMinutes } from "~/lib/quiet-hours";
import { getDb, schema } from "~/server/db/db.server";
import { listOutbox, type OutboxMail } from "~/server/mail/outbox.server";
import type { NoticeMailJob } from "~/server/notifications/mail-jobs.server";
import type { Job } from "~/server/queue/queue.server";
import { runJobs } from "../../workers/queue";
import { fetchApp } from "./helpers";
import { bearerFor } from "./notifications-support";

/**
 * Notification email (issue 23 item 5, issue 24 item 5, decision 169), through the real queue,
 * D1 and the outbox transport. Chat and inbox mails are queued with a 15-minute delay; the test
 * plays that clock: it keeps those messages off the queue (checking their delay) and hands them
 * to the Worker's own consumer when it chooses, as the queue would 15 minutes later.
 */
const delayed: { body: Job; delaySeconds?: number }[] = [];
/** In the file's `beforeAll`: delayed messages stop here instead of on the queue. */
export function holdDelayedJobs() {
  const queue = env.JOBS;
  const sendBatch = queue.sendBatch.bind(queue);
  Object.assign(env, {
    JOBS: {
      send: queue.send.bind(queue),
      async sendBatch(messages: { body: Job; delaySeconds?: number }[], options?: QueueSendBatchOptions) {
        const now = messages.filter((message) => !message.delaySeconds);
        delayed.push(...messages.filter((message) => message.delaySeconds));
        if (now.length > 0) await sendBatch(now, options);
      },
    },
  });
}

/** The delayed mail jobs that match, taken off the clock once `count` have been queued. */
export async function takeDelayed(match: (job: NoticeMailJob) => boolean, count = 1) {
  const matching = () => delayed.filter((m) => m.body.kind === "noticeMail" && match(m.body.body as NoticeMailJob));
  const deadline = Date.now() + 5_000;
  while (matching().length < count && Date.now() < deadline) await sleep(20);
  const taken = matching();
  for (const one of taken) delayed.splice(delayed.indexOf(one), 1);
  return taken;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Exactly `count` mails to `to`, and no more arrive a moment later. */
export async function exactlyMails(to: string, count: number) {
  await sleep(300);
  const mails = await listOutbox({ to });
  expect(mails).toHaveLength(count);
  return mails;
}

/** Fifteen minutes later: the queue delivers them to the consumer. */
export async function deliver(jobs: { body: Job }[]) {
  expect(jobs.length).toBeGreaterThan(0);
  const batch = createMessageBatch<Job>(
    "schoolhub-jobs",
    jobs.map((job) => ({ id: `m-${job.body.key}`, timestamp: new Date(), attempts: 1, body: job.body })),
  );
  await runJobs(batch);
  const result = await getQueueResult(batch, createExecutionContext());
  expect(result.retryMessages).toEqual([]);
}

export async function put(userId: number, body: unknown) {
  const response = await fetchApp("/api/v2/notification-settings", {
    method: "PUT",
    headers: { Authorization: `Bearer ${await bearerFor(userId)}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** No quiet hours (equal ends), so mail goes at once; the quiet-hours test sets its own. */
export const noQuiet = { quietStart: "00:00", quietEnd: "00:00" };

export const setLocale = (userId: number, locale: string) =>
  getDb().update(schema.users).set({ locale }).where(eq(schema.users.id, userId));

export const headersOf = (mail: OutboxMail) => JSON.parse(mail.headers ?? "{}") as Record<string, string>;
export const settingsOf = async (userId: number) =>
  (await getDb().query.notificationSettings.findFirst({ where: eq(schema.notificationSettings.userId, userId) }))!;

/** The user lives in `zone`, and their quiet hours run from an hour ago to an hour from now there. */
export async function quietNow(userId: number, zone: string, settings: Record<string, unknown> = {}) {
  await getDb().update(schema.users).set({ timeZone: zone }).where(eq(schema.users.id, userId));
  const now = localMinutes(Date.now(), zone);
  const at = (minutes: number) => clockOf(((minutes % 1440) + 1440) % 1440);
  await put(userId, { quietStart: at(now - 60), quietEnd: at(now + 60), ...settings });
}
