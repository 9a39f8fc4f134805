import { z } from "zod";
import { currentPasswordField } from "./account";

/** What a password-less account types to confirm deletion. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/**
 * /profile/settings, intent "delete": the password, or for accounts without one (Google,
 * Apple) the word DELETE. The service knows which applies.
 */
export const deleteAccountSchema = z.object({
  password: currentPasswordField,
  confirmation: z.string().trim().max(20).default(""),
});
