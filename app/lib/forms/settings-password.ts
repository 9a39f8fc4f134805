import { z } from "zod";

// The same limits as app/server/auth/password.server.ts, which the browser cannot import.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * /profile/settings, intent "password". currentPassword may be empty only for accounts
 * that have none yet (signed up with Google or Apple); the service decides.
 */
export const passwordSettingsSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH, "settings:currentPasswordWrong").default(""),
    newPassword: z
      .string({ error: "settings:password.tooShort" })
      .min(PASSWORD_MIN_LENGTH, "settings:password.tooShort")
      .max(PASSWORD_MAX_LENGTH, "settings:password.tooLong"),
    confirmPassword: z.string().default(""),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "settings:password.mismatch",
  });
export type PasswordSettingsInput = z.infer<typeof passwordSettingsSchema>;
