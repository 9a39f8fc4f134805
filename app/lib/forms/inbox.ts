import { z } from "zod";
import { BODY_MAX_LENGTH, MAX_RECIPIENTS, RECIPIENT_MAX_LENGTH, SUBJECT_MAX_LENGTH } from "~/lib/inbox-limits";

/** "ben, @ada; Casey Coach" → ["ben", "ada", "Casey Coach"]: by username or name, each once. */
export function splitRecipients(input: string | string[]): string[] {
  const parts = (Array.isArray(input) ? input : input.split(/[,;\n]/))
    .map((part) => part.trim().replace(/^@/, "").trim())
    .filter(Boolean);
  const seen = new Set<string>();
  return parts.filter((part) => {
    const key = part.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const recipientsSchema = z
  .union([z.string(), z.array(z.string())], { error: "inbox:errors.toRequired" })
  .transform(splitRecipients)
  .pipe(
    z
      .array(z.string().max(RECIPIENT_MAX_LENGTH, "inbox:errors.toTooLong"))
      .min(1, "inbox:errors.toRequired")
      .max(MAX_RECIPIENTS, "inbox:errors.toTooMany"),
  );

const subjectSchema = z
  .string({ error: "inbox:errors.subjectRequired" })
  .trim()
  .min(1, "inbox:errors.subjectRequired")
  .max(SUBJECT_MAX_LENGTH, "inbox:errors.subjectTooLong");

const bodySchema = z
  .string({ error: "inbox:errors.bodyRequired" })
  .trim()
  .min(1, "inbox:errors.bodyRequired")
  .max(BODY_MAX_LENGTH, "inbox:errors.bodyTooLong");

/** Makes a send idempotent: the form carries one, an API caller may send one. */
const clientKeySchema = z
  .string({ error: "inbox:errors.clientKey" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "inbox:errors.clientKey");

/** /messagesold/compose and /messagesold/compose/{id} (files are checked apart: they are not text). */
export const composeSchema = z.object({
  to: recipientsSchema,
  subject: subjectSchema,
  body: bodySchema,
  clientKey: clientKeySchema,
});

/** POST /api/v2/inbox, as JSON or as the text fields of a multipart body. */
export const sendBodySchema = z.object({
  to: recipientsSchema,
  subject: subjectSchema,
  body: bodySchema,
  replyTo: z.coerce.number({ error: "inbox:errors.replyTo" }).int().positive("inbox:errors.replyTo").optional(),
  clientKey: clientKeySchema.optional(),
});

/** The thread page's per-message forms. */
export const messageActionSchema = z.object({
  intent: z.enum(["delete", "unread"]),
  messageId: z.coerce.number().int().positive(),
  confirmed: z.literal("1").optional(),
});

export const boxSchema = z.enum(["inbox", "sent"]).catch("inbox");

/** "Re: " once, however often a subject is answered. */
export function replySubject(subject: string) {
  const bare = subject.replace(/^(re:\s*)+/i, "");
  return `Re: ${bare}`.slice(0, SUBJECT_MAX_LENGTH);
}

/** The answered message, quoted under a blank first line where the reply is written. */
export function quoteBody(header: string, body: string) {
  const quoted = body
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return `\n\n${header}\n${quoted}`.slice(0, BODY_MAX_LENGTH);
}
