/** A moderator's actions and the note's limit: the queue's page and its zod schema share them, without zod in the page. */
export const MODERATION_ACTIONS = ["dismiss", "hide", "remove", "warn", "remove_member", "ban"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_NOTE_MAX = 500;

/** What a person reports that belongs to no community: to the operators (decision 186). */
export const DIRECT_TARGETS = ["message", "mail", "user"] as const;
export type DirectTargetType = (typeof DIRECT_TARGETS)[number];
/** What an operator may do to each: a message can be removed; a person only warned. */
export const DIRECT_ACTIONS: Record<DirectTargetType, readonly ModerationAction[]> = {
  message: ["dismiss", "remove", "warn"],
  mail: ["dismiss", "remove", "warn"],
  user: ["dismiss", "warn"],
};
export const REPORT_REASON_MAX = 500;
