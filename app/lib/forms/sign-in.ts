import { z } from "zod";

/** The sign-in form (/login, /login/signin) and POST /api/v2/auth/login share this schema. */
export const signInSchema = z.object({
  identifier: z
    .string({ error: "auth:signIn.identifierRequired" })
    .trim()
    .min(1, "auth:signIn.identifierRequired")
    .max(254, "auth:signIn.identifierRequired"),
  password: z.string({ error: "auth:signIn.passwordRequired" }).min(1, "auth:signIn.passwordRequired").max(128),
  redirectTo: z.string().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;
