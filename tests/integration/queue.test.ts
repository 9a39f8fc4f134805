import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import { backoffSeconds, MAX_ATTEMPTS } from "~/server/queue/consume.server";
import type { Job } from "~/server/queue/queue.server";
import { runJobs } from "../../workers/queue";
import { addMember, cast } from "./communities-support";
import { createUser } from "./helpers";

/**
 * The JOBS queue's consumer (decision 165): retried with backoff, idempotent, and what failed
 * every attempt goes to the dead-letter queue. Messages are handed to the Worker's own handler
 * registry as the queue would, attempt by attempt, so the test decides what each attempt sees.
 * This file's isolate mails through the HTTP transport to a provider the test plays (as in
 * mail-later.test.ts): set before the first mail reads the configuration.
 */
Object.assign(env, {
  MAIL_TRANSPORT: "http",
  MAIL_HTTP_URL: "https://mail.test/send",
  MAIL_HTTP_TOKEN: "test-mail-token",
});

const delivered: string[] = [];
let providerAnswers: number[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== "https://mail.test/send") return realFetch(input, init);
    const status = providerAnswers.shift() ?? 202;
    if (status < 300) delivered.push(((await request.json()) as { subject: string }).subject);
    return new Response(status < 300 ? null : "unavailable", { status });
  });
});

/**
 * Delivers one message as the queue's `attempts`-th try; answers what the consumer asked of the
 * queue, with the delay of each retry (the test helper's result leaves the delays out).
 */
async function deliver(job: Job, attempts: number) {
  const batch = createMessageBatch<Job>("schoolhub-jobs", [
    { id: `message-${job.key}`, timestamp: new Date(), attempts, body: job },
  ]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  await runJobs(batch);
  const result = await getQueueResult(batch, createExecutionContext());
  const delays = retry.mock.calls.map((call) => call[0]?.delaySeconds);
  return { ...result, retryMessages: result.retryMessages.map((one, i) => ({ ...one, delaySeconds: delays[i] })) };
}

function mailJob(subject: string): Job {
  return {
    kind: "mail",
    key: crypto.randomUUID(),
    body: { message: { to: "parent@example.test", subject, text: "t", html: "<p>t</p>" }, label: "test mail" },
  } as Job;
}

describe("the queue's consumer (decision 165)", () => {
  it("retries a failing job with backoff, and a job that failed twice and then succeeded is done once", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    providerAnswers = [503, 503];
    const job = mailJob(`twice failed ${Date.now()}`);
    const subject = (job.body as { message: { subject: string } }).message.subject;

    const first = await deliver(job, 1);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toEqual([{ msgId: `message-${job.key}`, delaySeconds: backoffSeconds(1) }]);
    const second = await deliver(job, 2);
    expect(second.retryMessages).toEqual([{ msgId: `message-${job.key}`, delaySeconds: backoffSeconds(2) }]);
    expect(backoffSeconds(2)).toBeGreaterThan(backoffSeconds(1));
    expect(delivered.filter((one) => one === subject)).toEqual([]);

    const third = await deliver(job, 3);
    expect(third.explicitAcks).toEqual([`message-${job.key}`]);
    expect(third.retryMessages).toEqual([]);
    // The queue may deliver a message again after it was handled (at least once): nothing more happens.
    const again = await deliver(job, 4);
    expect(again.explicitAcks).toEqual([`message-${job.key}`]);
    expect(delivered.filter((one) => one === subject)).toEqual([subject]);
    expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([
      `queue: mail ${job.key} failed (attempt 1 of ${MAX_ATTEMPTS})`,
      `queue: mail ${job.key} failed (attempt 2 of ${MAX_ATTEMPTS})`,
    ]);
    warnings.mockRestore();
  });

  it("logs the last failure as an error, and the queue moves the message to the dead-letter queue", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    providerAnswers = [500];
    const job = mailJob(`never sent ${Date.now()}`);
    const last = await deliver(job, MAX_ATTEMPTS);
    expect(last.retryMessages).toHaveLength(1);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      `queue: mail ${job.key} failed (attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}), to the dead-letter queue`,
    ]);
    errors.mockClear();
    errors.mockRestore();
  });

  it("a notification job delivered twice stores its notifications once", async () => {
    const { owner, member, community } = await cast();
    const post = await createPost(owner, community.id, "Count me once");
    if (post.status !== "published") throw new Error("not published");
    const job = {
      kind: "commentNotices",
      key: crypto.randomUUID(),
      body: { actorId: member.id, postId: post.id, parentId: null, origin: "https://schoolhub.test" },
    } as Job;
    expect((await deliver(job, 1)).explicitAcks).toHaveLength(1);
    expect((await deliver(job, 2)).explicitAcks).toHaveLength(1);
    const { data } = await listNotifications(owner.id);
    expect(data.map((one) => [one.title, one.url])).toEqual([
      ["Milo Member commented on your post", `https://schoolhub.test/content/${post.id}`],
    ]);
  });

  it("a large community's notices are split into jobs that the real queue delivers, each stored once", {
    timeout: 40_000,
  }, async () => {
    const { owner, member, community } = await cast();
    const members = await Promise.all(Array.from({ length: 60 }, () => createUser()));
    for (const one of members) await addMember(community.id, one.id);
    const [event] = await getDb()
      .insert(schema.events)
      .values({
        communityId: community.id,
        title: "Field day",
        startsAt: Date.now() + 86_400_000,
        endsAt: Date.now() + 90_000_000,
        timeZone: "UTC",
        createdBy: owner.id,
      })
      .returning({ id: schema.events.id });
    const job = {
      kind: "eventChangeNotices",
      key: crypto.randomUUID(),
      body: { eventId: event!.id, change: "created", actorId: owner.id, origin: "https://schoolhub.test" },
    } as Job;
    // 61 to tell: more than one job stores (NOTICES_PER_JOB), so the parts go on the real queue.
    expect((await deliver(job, 1)).explicitAcks).toHaveLength(1);
    const n = schema.notifications;
    const url = `https://schoolhub.test/calendar/events/${event!.id}`;
    const stored = () => getDb().select({ userId: n.userId }).from(n).where(eq(n.url, url));
    const waitFor = async (count: number) => {
      for (let waited = 0; waited < 15_000 && (await stored()).length < count; waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await waitFor(61);
    // Delivered again: its parts carry the same oids, so nobody is told twice.
    expect((await deliver(job, 2)).explicitAcks).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const told = (await stored()).map((row) => row.userId).sort((a, b) => a - b);
    expect(told).toEqual([member.id, ...members.map((one) => one.id)].sort((a, b) => a - b));
  });
});
