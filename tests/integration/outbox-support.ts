import { expect } from "vitest";
import { listOutbox, type OutboxMail } from "~/server/mail/outbox.server";

/**
 * Mail leaves after the response (`waitUntil`, decision 069), so a test that reads the outbox
 * right after a request may be early. Every test reads sent mail through these two helpers.
 */

/** The mail to `to`, newest first, once at least `count` have arrived; fails after `timeoutMs`. */
export async function waitForMail(to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await listOutbox({ to, limit: Math.max(50, count) });
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs} ms for ${count} mail(s) to ${to}, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail to `to`, once one has arrived. */
export async function waitForNewestMail(to: string) {
  const [mail] = await waitForMail(to);
  return mail!;
}

/**
 * No mail to `to`: a mail that was wrongly sent would arrive within `settleMs`, so wait that
 * long before saying none came.
 */
export async function expectNoMail(to: string, settleMs = 300) {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  expect(await listOutbox({ to })).toEqual([]);
}
