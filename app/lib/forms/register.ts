import { z } from "zod";

/**
 * Account rules shared by registration, password reset and (later) settings. Usernames are
 * lowercase so `/chat/@username` links have one spelling, and never only digits so they
 * cannot be mistaken for the numeric ids of `/chat/{id}` (SPEC §2).
 */
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailField = z
  .string({ error: "register:errors.emailInvalid" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, "register:errors.emailTooLong")
  .pipe(z.email("register:errors.emailInvalid"));

export const usernameField = z
  .string({ error: "register:errors.usernameLength" })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, "register:errors.usernameLength")
  .max(USERNAME_MAX_LENGTH, "register:errors.usernameLength")
  .regex(/^[a-z0-9_.]+$/, "register:errors.usernameCharacters")
  .refine((value) => !/^\d+$/.test(value), "register:errors.usernameDigits");

export const newPasswordField = z
  .string({ error: "register:errors.passwordLength" })
  .min(PASSWORD_MIN_LENGTH, "register:errors.passwordLength")
  .max(PASSWORD_MAX_LENGTH, "register:errors.passwordLength");

/** A password may not simply repeat the account's email or username (case-insensitive). */
export function passwordRepeatsIdentity(password: string, identity: { email?: string; username?: string | null }) {
  const lowered = password.toLowerCase();
  if (identity.email && lowered === identity.email.toLowerCase()) return "register:errors.passwordIsEmail";
  if (identity.username && lowered === identity.username.toLowerCase()) return "register:errors.passwordIsUsername";
  return null;
}

/** /login/registeremail. The captcha answer is read beside it, only while captcha is on. */
export const registerSchema = z
  .object({
    name: z
      .string({ error: "register:errors.nameRequired" })
      .trim()
      .min(1, "register:errors.nameRequired")
      .max(NAME_MAX_LENGTH, "register:errors.nameTooLong"),
    email: emailField,
    username: usernameField,
    password: newPasswordField,
    confirmPassword: z.string({ error: "register:errors.confirmMismatch" }),
    acceptTerms: z.literal("on", { error: "register:errors.acceptRequired" }),
  })
  .superRefine(checkPasswordPair, { when: hasPasswordPair });
export type RegisterInput = z.infer<typeof registerSchema>;

/** Password checks run even while other fields are wrong, so every error shows at once. */
function hasPasswordPair(payload: { value: unknown }) {
  const value = payload.value as Record<string, unknown> | undefined;
  return typeof value?.password === "string" && typeof value.confirmPassword === "string";
}

function checkPasswordPair(
  input: { password: string; confirmPassword: string; email?: unknown; username?: unknown },
  ctx: z.RefinementCtx,
) {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const repeated = passwordRepeatsIdentity(input.password, {
    email: text(input.email),
    username: text(input.username),
  });
  if (repeated) ctx.addIssue({ code: "custom", path: ["password"], message: repeated });
  if (input.confirmPassword !== input.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "register:errors.confirmMismatch" });
  }
}
