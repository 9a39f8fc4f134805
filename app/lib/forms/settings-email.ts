import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254;

/** /profile/settings, intent "email". Accounts without a password leave currentPassword empty. */
export const emailSettingsSchema = z.object({
  email: z
    .string({ error: "settings:email.invalid" })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, "settings:email.invalid")
    .pipe(z.email("settings:email.invalid")),
  currentPassword: z.string().max(128, "settings:currentPasswordWrong").default(""),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsSchema>;
