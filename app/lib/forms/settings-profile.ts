import { z } from "zod";
import { nameField, optionalUsernameField } from "./account";

/** /profile/settings, intent "profile": the account rules of ./account.ts, username optional. */
export const profileSettingsSchema = z.object({
  name: nameField,
  username: optionalUsernameField,
});
export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;
