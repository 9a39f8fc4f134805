/** A moderator's actions and the note's limit: the queue's page and its zod schema share them, without zod in the page. */
export const MODERATION_ACTIONS = ["dismiss", "hide", "remove", "warn", "remove_member", "ban"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_NOTE_MAX = 500;
