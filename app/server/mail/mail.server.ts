import { type AppConfig, getConfig } from "~/server/config.server";
import { type JobContext, once } from "~/server/queue/consume.server";
import { enqueue } from "~/server/queue/queue.server";
import { createHttpTransport } from "./http.server";
import { createOutboxTransport } from "./outbox.server";
import type { MailMessage, MailTransport } from "./types";

let cached: MailTransport | undefined;

/** The transport that configuration chooses (MAIL_TRANSPORT, DESIGN §5 and §7). */
export function getMailTransport(): MailTransport {
  if (cached) return cached;
  const config = getConfig();
  if (config.MAIL_TRANSPORT === "http") {
    if (!config.MAIL_HTTP_URL || !config.MAIL_HTTP_TOKEN) {
      throw new Error("Invalid configuration: MAIL_TRANSPORT=http needs MAIL_HTTP_URL and MAIL_HTTP_TOKEN");
    }
    cached = createHttpTransport({ url: config.MAIL_HTTP_URL, token: config.MAIL_HTTP_TOKEN, from: config.MAIL_FROM });
  } else if (config.MAIL_TRANSPORT === "outbox") {
    cached = createOutboxTransport();
  } else {
    cached = unconfiguredTransport;
  }
  return cached;
}

/**
 * No transport configured (decision 033): nothing is stored anywhere a guest could read it.
 * The operator sees each refused mail in the logs, without its body (which holds the links).
 */
const unconfiguredTransport: MailTransport = {
  async send(message) {
    console.warn(`mail not sent, no MAIL_TRANSPORT is configured (README, Deploy step 7): "${message.subject}"`);
  },
};

/** Hands one mail to the configured transport and waits for it (the outbox tests; `sendMailLater` otherwise). */
export async function sendMail(message: MailMessage): Promise<void> {
  await getMailTransport().send(message);
}

/** A mail on the queue, and what the logs call it (never its body, which holds the links). */
export type MailJob = { message: MailMessage; label: string };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    mail: MailJob;
  }
}

/**
 * The one way the app sends mail (decisions 069, 165): a job on the queue, so the request that
 * causes a mail answers without waiting for the provider, a slow or failing provider never
 * fails or slows the page, and a failed send is retried with backoff instead of lost. What the
 * mail links to (a token, a stored message) is written before this is called, inside the request.
 */
export function sendMailLater(message: MailMessage, label: string): void {
  enqueue("mail", { message, label });
}

/** The queue's handler: sends once per job however often it is delivered; a failure throws, to be retried. */
export async function deliverMailJob({ message, label }: MailJob, job: JobContext): Promise<void> {
  await once(job.key, async () => {
    try {
      await sendMail(message);
    } catch (error) {
      throw new Error(`${label}: mail failed`, { cause: error });
    }
  });
}

/** Whether /__dev/mail may show the outbox: only with the outbox transport and DEV_ROUTES both on. */
export function isOutboxEnabled(config: AppConfig = getConfig()) {
  return config.DEV_ROUTES && config.MAIL_TRANSPORT === "outbox";
}

export type { MailMessage, MailTransport } from "./types";
