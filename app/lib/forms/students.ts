import { z } from "zod";

/**
 * /profile/family's forms about a linked child's student account (decision 175): one schema,
 * the intent says which. The birth year's range is the service's (it knows the year).
 */
export const studentFormSchema = z.object({
  intent: z.enum(["student", "notStudent", "consent", "withdrawConsent", "peersOff", "peersOn"]),
  childId: z.coerce.number().int().positive(),
  birthYear: z.coerce
    .number({ error: "families:student.birthYearInvalid" })
    .int("families:student.birthYearInvalid")
    .optional(),
});
