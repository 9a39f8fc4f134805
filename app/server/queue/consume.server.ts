import { sql } from "drizzle-orm";
import { single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Job, type JobKind, type QueueKinds, withJobOutbox } from "./queue.server";

/** What a handler is told beside the body: the job's idempotency key and which attempt this is. */
export type JobContext = { key: string; attempts: number };

/** One handler per kind: `workers/queue.ts` holds them, and fails to compile while one is missing. */
export type JobHandlers = { [K in JobKind]: (body: QueueKinds[K], job: JobContext) => Promise<void> };

/**
 * Attempts before a message goes to the dead-letter queue: `max_retries` + 1 in wrangler.toml's
 * `[[queues.consumers]]` (keep them in step). Known here so the last failure is logged as lost.
 */
export const MAX_ATTEMPTS = 6;

/** Seconds before retry n: 10, 20, 40, 80, 160 (5 minutes in all), at most 10 minutes. */
export function backoffSeconds(attempts: number, base = 10) {
  return Math.min(base * 2 ** (Math.max(attempts, 1) - 1), 600);
}

/**
 * The consumer (decision 165): each message runs its kind's handler with an outbox of its own
 * (jobs it enqueues leave only if it succeeds), and is acknowledged, or retried with backoff.
 * After MAX_ATTEMPTS the queue moves it to the dead-letter queue; the last failure is an error
 * in the logs, the earlier ones warnings. A kind nobody handles (a message from an older
 * deploy) is logged and acknowledged: retrying cannot help it.
 */
export async function consumeJobs(batch: MessageBatch<Job>, handlers: JobHandlers, retryBase?: number) {
  for (const message of batch.messages) {
    const { kind, key, body } = message.body;
    const handler = handlers[kind] as ((body: unknown, job: JobContext) => Promise<void>) | undefined;
    if (!handler) {
      console.error(`queue: no handler for "${kind}", message ${key} dropped`);
      message.ack();
      continue;
    }
    try {
      await withJobOutbox(() => handler(body, { key, attempts: message.attempts }), { inJob: true });
      message.ack();
    } catch (error) {
      const last = message.attempts >= MAX_ATTEMPTS;
      (last ? console.error : console.warn)(
        `queue: ${kind} ${key} failed (attempt ${message.attempts} of ${MAX_ATTEMPTS})${last ? ", to the dead-letter queue" : ""}`,
        error,
      );
      message.retry({ delaySeconds: backoffSeconds(message.attempts, retryBase) });
    }
  }
}

const receipts = schema.jobReceipts;

/**
 * Runs `effect` once per key, however often its message is delivered: for effects that cannot
 * be written idempotently themselves (a mail leaves the building). The receipt is written after
 * the effect, so a crash between the two repeats it once; an effect that must never repeat
 * passes the key on as well (a provider's idempotency key).
 */
export async function once(key: string, effect: () => Promise<void>) {
  const db = getDb();
  const [done] = await single(db.select({ key: receipts.key }).from(receipts).where(sql`${receipts.key} = ${key}`));
  if (done) return;
  await effect();
  await single(db.insert(receipts).values({ key, doneAt: Date.now() }).onConflictDoNothing());
}

/** Receipts outlive any retry (the queue keeps a message 4 days at most): the cron clears older ones. */
export const RECEIPT_DAYS = 7;

export function clearOldReceipts(now = Date.now()) {
  return single(sqlRows(sql`DELETE FROM job_receipts WHERE done_at < ${now - RECEIPT_DAYS * 86_400_000}`));
}
