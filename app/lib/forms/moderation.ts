import { z } from "zod";

export const MODERATION_ACTIONS = ["dismiss", "hide", "remove", "warn", "remove_member", "ban"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_NOTE_MAX = 500;

/** One moderator's decision on a reported post or comment (the queue's form and the API). */
export const moderationSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: "moderation:errors.unknownAction" }),
  targetType: z.enum(["post", "comment"], { error: "moderation:errors.unknownAction" }),
  targetId: z.coerce.number().int().positive({ error: "moderation:errors.unknownAction" }),
  note: z.string().trim().max(MODERATION_NOTE_MAX, { error: "moderation:errors.noteTooLong" }).optional().default(""),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
});
