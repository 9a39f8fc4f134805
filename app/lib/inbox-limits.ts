/**
 * The inbox's lengths, for the compose form's inputs: plain constants, so the page does not ship
 * zod to the browser (like ./account.ts and ./chat-limits.ts); the rules are in
 * ./forms/inbox.ts (decisions 063, 100).
 */
export const SUBJECT_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 20_000;
/** A message goes to at most this many people, each named in at most this many characters. */
export const MAX_RECIPIENTS = 20;
export const RECIPIENT_MAX_LENGTH = 100;
