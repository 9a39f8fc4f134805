import { z } from "zod";
import { emailField, newPasswordField } from "./account";

/** "Send me a link": a new activation mail, or step 1 of a password reset. */
export const emailLinkSchema = z.object({ email: emailField });
export type EmailLinkInput = z.infer<typeof emailLinkSchema>;

/** Step 2 of a password reset, from the mailed link. */
export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPasswordField,
    confirmPassword: z.string({ error: "register:errors.confirmMismatch" }),
  })
  .refine((input) => input.confirmPassword === input.password, {
    path: ["confirmPassword"],
    message: "register:errors.confirmMismatch",
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return typeof value?.password === "string" && typeof value.confirmPassword === "string";
    },
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
