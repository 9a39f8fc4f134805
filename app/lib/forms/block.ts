import { z } from "zod";

/** The block forms (POST /users/{id}/block, decision 160): block (asks first) or unblock. */
export const blockActionSchema = z.object({
  intent: z.enum(["block", "unblock"], { error: "friends:warnings.unknownIntent" }),
  // DESIGN §1: only "1" counts as confirmed; blocking without it asks first.
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  returnTo: z.string().max(2000).optional(),
});

/** The API's body (POST /api/v2/blocks). */
export const blockApiSchema = z.object({ userId: z.number().int().positive() });
