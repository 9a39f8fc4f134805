import { z } from "zod";
import { currentPasswordField, newPasswordField } from "./account";

/**
 * /profile/settings, intent "password". currentPassword may be empty only for accounts
 * that have none yet (signed up with Google or Apple); the service decides.
 */
export const passwordSettingsSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string().default(""),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "settings:password.mismatch",
  });
export type PasswordSettingsInput = z.infer<typeof passwordSettingsSchema>;
