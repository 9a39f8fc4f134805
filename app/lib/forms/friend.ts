import { z } from "zod";
import { FRIEND_INTENTS } from "~/lib/friend-status";

/** The friend forms (POST /users/{id}/friend): which transition, whether it was confirmed, where to go back. */
export const friendActionSchema = z.object({
  intent: z.enum(FRIEND_INTENTS, { error: "friends:warnings.unknownIntent" }),
  // DESIGN §1: only "1" counts as confirmed; anything else asks first.
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  returnTo: z.string().max(2000).optional(),
});

/** A user id in a path: digits only, so /users/abc or /users/1e3 are simply not found. */
export function parseUserId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}
