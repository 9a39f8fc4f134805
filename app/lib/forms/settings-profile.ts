import { z } from "zod";

/** Limits of the name and username (issue 3); registration uses the same rules. */
export const NAME_MAX_LENGTH = 80;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[a-z0-9_.]+$/;

/**
 * A username is optional: SPEC §2 links chats as /chat/@username when there is one and
 * /chat/{id} otherwise, so clearing it is allowed (empty → null). Letters are lowercased
 * first, so "PatParent" is accepted as "patparent".
 */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === "" || value.length >= USERNAME_MIN_LENGTH, "settings:profile.usernameTooShort")
  .refine((value) => value.length <= USERNAME_MAX_LENGTH, "settings:profile.usernameTooLong")
  .refine((value) => value === "" || USERNAME_PATTERN.test(value), "settings:profile.usernameCharacters")
  .transform((value) => (value === "" ? null : value));

/** /profile/settings, intent "profile". */
export const profileSettingsSchema = z.object({
  name: z
    .string({ error: "settings:profile.nameRequired" })
    .trim()
    .min(1, "settings:profile.nameRequired")
    .max(NAME_MAX_LENGTH, "settings:profile.nameTooLong"),
  username: usernameSchema.default(""),
});
export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;
