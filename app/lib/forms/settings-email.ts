import { z } from "zod";
import { currentPasswordField, emailField } from "./account";

/** /profile/settings, intent "email". Accounts without a password leave currentPassword empty. */
export const emailSettingsSchema = z.object({
  email: emailField,
  currentPassword: currentPasswordField,
});
export type EmailSettingsInput = z.infer<typeof emailSettingsSchema>;
