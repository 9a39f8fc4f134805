import { env, waitUntil } from "cloudflare:workers";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Work after the response that must not be lost (issue 27, decision 165) goes on the JOBS
 * Cloudflare Queue, and the same Worker consumes it (`workers/queue.ts`). `waitUntil` is kept
 * for work whose loss costs nothing (cache warming, a chat frame whose message is in D1).
 *
 * Every kind of job is a key of `QueueKinds`, with its body: an area adds a kind by augmenting
 * the interface next to its producer, and its handler to the registry in `workers/queue.ts`
 * (the registry's type fails to compile while a kind has none):
 *
 *     declare module "~/server/queue/queue.server" {
 *       interface QueueKinds { mail: MailJob }
 *     }
 *
 * Bodies are plain data (structured clone): ids, not closures; the handler reads what it needs.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one kind per area.
export interface QueueKinds {}

export type JobKind = keyof QueueKinds;

/** One message on the queue. `key` is stable across retries: a handler's idempotency key. */
export type Job<K extends JobKind = JobKind> = { kind: K; key: string; body: QueueKinds[K] };

/** A queue's sendBatch takes at most 100 messages (and 256 KB). */
const SEND_BATCH_MAX = 100;

/** A job as it is sent: `delaySeconds` holds it back (Queues allow up to 12 hours). */
type Outgoing = Job & { delaySeconds?: number };
type Outbox = { jobs: Outgoing[]; flushed: boolean };
const outboxes = new AsyncLocalStorage<Outbox>();

/**
 * Puts a job on the queue. Inside a request (or a job, or the cron) it is sent with the others
 * in one `sendBatch` before the response leaves (`withJobOutbox`), so a page or action that
 * enqueues costs one queue call and no D1 round trip; a job enqueued later than that (a
 * streamed page) or outside any scope is sent at once. `delaySeconds` delivers it later (an
 * email that waits to see whether a message is read, decision 169). Answers the job's key.
 */
export function enqueue<K extends JobKind>(
  kind: K,
  body: QueueKinds[K],
  key: string = crypto.randomUUID(),
  { delaySeconds }: { delaySeconds?: number } = {},
): string {
  const job = { kind, key, body, ...(delaySeconds ? { delaySeconds } : {}) } as Outgoing;
  const outbox = outboxes.getStore();
  if (outbox && !outbox.flushed) outbox.jobs.push(job);
  else waitUntil(sendJobs([job]).catch((error: unknown) => console.error(`queue: could not send ${kind}`, error)));
  return key;
}

/**
 * Runs `work` with an outbox for the jobs it enqueues, and sends them once it is done, before
 * its answer is returned. For a request or the cron (`inJob: false`) they go even if `work`
 * throws (what it committed still needs them), and a queue that cannot be reached is logged,
 * never turned into an error page for a change already made. For a job's handler (`inJob:
 * true`) they go only if it succeeds, and a failure to send throws: the message is retried.
 */
export async function withJobOutbox<T>(work: () => Promise<T>, { inJob = false } = {}): Promise<T> {
  const outbox: Outbox = { jobs: [], flushed: false };
  let failed = true;
  try {
    const result = await outboxes.run(outbox, work);
    failed = false;
    return result;
  } finally {
    outbox.flushed = true;
    if (outbox.jobs.length > 0 && !(inJob && failed)) {
      const sent = sendJobs(outbox.jobs).catch(() => sendJobs(outbox.jobs));
      if (inJob) await sent;
      else
        await sent.catch((error: unknown) => {
          console.error(`queue: could not send ${outbox.jobs.map((job) => job.kind).join(", ")}`, error);
        });
    }
  }
}

/** …and at most 256 KB: slices are cut well below it (rendered mails are several KB each). */
const SEND_BATCH_BYTES = 192 * 1024;

async function sendJobs(jobs: Outgoing[]) {
  let slice: Outgoing[] = [];
  let bytes = 0;
  const flush = async () => {
    if (slice.length === 0) return;
    const sending = slice;
    slice = [];
    bytes = 0;
    await env.JOBS.sendBatch(
      sending.map(({ delaySeconds, ...body }) => ({ body, contentType: "json" as const, delaySeconds })),
    );
  };
  for (const job of jobs) {
    const size = JSON.stringify(job).length;
    if (slice.length === SEND_BATCH_MAX || (slice.length > 0 && bytes + size > SEND_BATCH_BYTES)) await flush();
    slice.push(job);
    bytes += size;
  }
  await flush();
}
