import { getConfig } from "~/server/config.server";
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
  } else {
    cached = createOutboxTransport();
  }
  return cached;
}

/** The one way the app sends mail. */
export function sendMail(message: MailMessage): Promise<void> {
  return getMailTransport().send(message);
}

/** Whether /__dev/mail may show the outbox: only while the outbox transport is on. */
export function isOutboxEnabled() {
  return getConfig().MAIL_TRANSPORT === "outbox";
}

export type { MailMessage, MailTransport } from "./types";
