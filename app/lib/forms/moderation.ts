import { z } from "zod";

import { apiReportSchema } from "~/lib/forms/content";
import { DIRECT_TARGETS, MODERATION_ACTIONS, MODERATION_NOTE_MAX, REPORT_REASON_MAX } from "~/lib/moderation";

export { MODERATION_ACTIONS, MODERATION_NOTE_MAX, type ModerationAction } from "~/lib/moderation";

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

const reason = z
  .string({ error: "moderation:report.errors.reasonRequired" })
  .trim()
  .min(1, "moderation:report.errors.reasonRequired")
  .max(REPORT_REASON_MAX, "moderation:report.errors.reasonTooLong");

/** The report page's query (`/report?type=message&id=5&back=/chat/3`): what is reported. */
export const directTargetSchema = z.object({
  type: z.enum(DIRECT_TARGETS),
  id: z.coerce.number().int().positive(),
});

/** Reporting a chat or inbox message or a person to the operators (decision 186): the form. */
export const directReportSchema = z.object({
  targetType: z.enum(DIRECT_TARGETS, { error: "moderation:report.errors.notFound" }),
  targetId: z.coerce.number().int().positive({ error: "moderation:report.errors.notFound" }),
  reason,
  returnTo: z.string().max(2000).optional(),
});

/** An operator's decision (the operators' queue's form). */
export const directModerationSchema = moderationSchema.extend({
  targetType: z.enum(DIRECT_TARGETS, { error: "moderation:errors.unknownAction" }),
});

/** POST /api/v1/reports: a post or comment (to its community), a message or a person (to the operators). */
export const apiAnyReportSchema = apiReportSchema.extend({
  targetType: z.enum(["post", "comment", ...DIRECT_TARGETS], { error: "content:errors.notFound" }),
});
