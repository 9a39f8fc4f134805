/** One outgoing mail. Every mail carries a plain-text and an HTML part (DESIGN §5). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post (decision 169). */
  headers?: Record<string, string>;
};

/** Where mail goes: the D1 outbox in development, an HTTP provider in production. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}
