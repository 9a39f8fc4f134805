import { z } from "zod";

/** Messages are 1–4,000 characters after trimming (docs/decisions/050-chat-routes-and-sending.md). */
export const MESSAGE_MAX_LENGTH = 4000;
export const GROUP_NAME_MAX_LENGTH = 80;

/**
 * A client-generated id that makes a send idempotent (SPEC §3, §4): letters, digits, "-" and
 * "_", so a UUID fits and nothing odd reaches the unique index.
 */
export const clientMsgIdSchema = z
  .string({ error: "chat:errors.clientMsgId" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "chat:errors.clientMsgId");

export const messageContentSchema = z
  .string({ error: "chat:errors.contentRequired" })
  .trim()
  .min(1, "chat:errors.contentRequired")
  .max(MESSAGE_MAX_LENGTH, "chat:errors.contentTooLong");

/** The send form on /chat/{id} and /chat/@{username}; `to` is the user of a chat not yet started. */
export const sendMessageSchema = z.object({
  intent: z.literal("send"),
  content: messageContentSchema,
  clientMsgId: clientMsgIdSchema,
  to: z.coerce.number().int().positive().optional(),
});

/** Marks the conversation read (JS: when a message arrives while it is open). */
export const markReadSchema = z.object({ intent: z.literal("read") });

/** The JSON API's send body. */
export const sendMessageBodySchema = z.object({
  content: messageContentSchema,
  clientMsgId: clientMsgIdSchema,
});

/** A numeric id in a path: digits only, so /chat/abc or /chat/1e3 are simply not found. */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/** A new clientMsgId: a UUID where the browser has one, random hex otherwise. */
export function newClientMsgId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
