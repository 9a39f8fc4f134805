import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  isDigitsOnly,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from "~/lib/account";

/**
 * The one module of account fields (docs/decisions/027-account-fields.md): registration,
 * settings, password reset and the services that write users all validate with these, so a
 * rule cannot hold at one door and not at another. Messages are in app/locales/en/account.json.
 */
export const nameField = z
  .string({ error: "account:nameRequired" })
  .trim()
  .min(1, "account:nameRequired")
  .max(NAME_MAX_LENGTH, "account:nameTooLong");

export const emailField = z
  .string({ error: "account:emailInvalid" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, "account:emailTooLong")
  .pipe(z.email("account:emailInvalid"));

export const usernameField = z
  .string({ error: "account:usernameLength" })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, "account:usernameLength")
  .max(USERNAME_MAX_LENGTH, "account:usernameLength")
  .regex(USERNAME_PATTERN, "account:usernameCharacters")
  .refine((value) => !isDigitsOnly(value), "account:usernameDigits");

/** Settings may clear the username (empty → null): chats then link by id (SPEC §2). */
export const optionalUsernameField = z
  .string({ error: "account:usernameLength" })
  .trim()
  .default("")
  .transform((value) => (value === "" ? null : value))
  .pipe(usernameField.nullable());

export const newPasswordField = z
  .string({ error: "account:passwordLength" })
  .min(PASSWORD_MIN_LENGTH, "account:passwordLength")
  .max(PASSWORD_MAX_LENGTH, "account:passwordLength");

/** A typed current password: never longer than any password can be. */
export const currentPasswordField = z.string().max(PASSWORD_MAX_LENGTH, "settings:currentPasswordWrong").default("");

/** A password may not simply repeat the account's email or username (case-insensitive). */
export function passwordRepeatsIdentity(password: string, identity: { email?: string; username?: string | null }) {
  const lowered = password.toLowerCase();
  if (identity.email && lowered === identity.email.toLowerCase()) return "account:passwordIsEmail";
  if (identity.username && lowered === identity.username.toLowerCase()) return "account:passwordIsUsername";
  return null;
}

/**
 * The services' own check of account fields before they write them (a caller that
 * skipped the form's schema still meets the rules): the first broken rule per field, or null.
 */
export function accountFieldErrors(input: {
  name?: string;
  email?: string;
  username?: string | null;
  password?: string;
}) {
  const errors: Record<string, string[]> = {};
  const check = (field: string, schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) errors[field] = result.error.issues.map((issue) => issue.message);
  };
  if (input.name !== undefined) check("name", nameField, input.name);
  if (input.email !== undefined) check("email", emailField, input.email);
  if (input.username != null) check("username", usernameField, input.username);
  if (input.password !== undefined) check("password", newPasswordField, input.password);
  return Object.keys(errors).length > 0 ? errors : null;
}
