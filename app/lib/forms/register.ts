import { z } from "zod";
import { emailField, nameField, newPasswordField, passwordRepeatsIdentity, usernameField } from "./account";

/** Registration takes every account field; their rules are ./account.ts's. */

/**
 * "If you are a student, your birth year" (issue 26 item 1, decision 175): empty for everyone
 * else; a year from 25 to 3 years ago marks the new account as a student's.
 */
const studentBirthYearField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? "";
    if (text === "") return undefined;
    const year = Number(text);
    const now = new Date().getUTCFullYear();
    if (!/^\d{4}$/.test(text) || year < now - 25 || year > now - 3) {
      ctx.addIssue({ code: "custom", message: "register:errors.birthYear" });
      return z.NEVER;
    }
    return year;
  });

/** /login/registeremail. The captcha answer is read beside it, only while captcha is on. */
export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    username: usernameField,
    password: newPasswordField,
    confirmPassword: z.string({ error: "register:errors.confirmMismatch" }),
    acceptTerms: z.literal("on", { error: "register:errors.acceptRequired" }),
    studentBirthYear: studentBirthYearField,
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
