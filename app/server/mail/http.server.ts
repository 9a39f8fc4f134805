import type { MailMessage, MailTransport } from "./types";

export type HttpTransportOptions = {
  url: string;
  token: string;
  from: string;
  /** Injected so tests can watch the request: workerd tests cannot listen on a port. */
  fetch?: typeof fetch;
};

export class MailDeliveryError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Mail provider answered ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "MailDeliveryError";
  }
}

/**
 * The production transport (DESIGN §5): POSTs the mail as JSON to an HTTP mail provider with a
 * bearer token. Anything but a 2xx answer is an error, so a lost mail never passes silently.
 */
export function createHttpTransport({ url, token, from, fetch: doFetch = fetch }: HttpTransportOptions): MailTransport {
  return {
    async send(message: MailMessage) {
      const response = await doFetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      });
      if (!response.ok) {
        // A short excerpt of the provider's answer is enough to diagnose; never the whole body.
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new MailDeliveryError(response.status, detail);
      }
    },
  };
}
