import { z } from "zod";
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "~/lib/account";

/** The sign-in form (/login, /login/signin) and POST /api/v2/auth/login share this schema. */
export const signInSchema = z.object({
  identifier: z
    .string({ error: "auth:signIn.identifierRequired" })
    .trim()
    .min(1, "auth:signIn.identifierRequired")
    // An email or a username: never longer than an email address can be.
    .max(EMAIL_MAX_LENGTH, "auth:signIn.identifierRequired"),
  password: z
    .string({ error: "auth:signIn.passwordRequired" })
    .min(1, "auth:signIn.passwordRequired")
    .max(PASSWORD_MAX_LENGTH),
  redirectTo: z.string().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
