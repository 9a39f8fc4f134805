/**
 * Chat's limits and the browser's message ids, for the pages: plain constants and a function,
 * so the chat pages put them on their inputs without shipping zod to the browser (like
 * ./account.ts); the rules themselves are in ./forms/chat.ts (decisions 050, 060, 100).
 */

/** Messages are 1–4,000 characters after trimming (docs/decisions/050-chat-routes-and-sending.md). */
export const MESSAGE_MAX_LENGTH = 4000;
export const GROUP_NAME_MAX_LENGTH = 80;
/** At most this many people in a group, the creator included: a class, a team, a committee. */
export const GROUP_MAX_MEMBERS = 50;

/** A new clientMsgId: a UUID where the browser has one, random hex otherwise. */
export function newClientMsgId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
