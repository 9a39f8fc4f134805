import { z } from "zod";
import { signInSchema } from "~/lib/forms/sign-in";

/** Bodies of the auth API (DESIGN §6). Messages are i18next keys, as in the forms. */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Same rules as the sign-in form; apps may name the identifier `email` or `username`. */
export const apiSignInSchema = z.preprocess(
  (body) =>
    isObject(body) && body.identifier === undefined ? { ...body, identifier: body.email ?? body.username } : body,
  signInSchema.pick({ identifier: true, password: true }),
);

export const refreshTokenBodySchema = z.object({
  refreshToken: z
    .string({ error: "api:body.refreshTokenRequired" })
    .min(1, "api:body.refreshTokenRequired")
    .max(512, "api:body.refreshTokenRequired"),
});

/** Google's id_token; Google Identity Services calls it `credential`. */
export const googleVerifySchema = z.preprocess(
  (body) =>
    isObject(body) && body.idToken === undefined ? { ...body, idToken: body.id_token ?? body.credential } : body,
  z.object({
    idToken: z
      .string({ error: "api:body.idTokenRequired" })
      .min(1, "api:body.idTokenRequired")
      .max(8192, "api:body.idTokenRequired"),
  }),
);

/** What Sign in with Apple hands an app: `authorization` ({code, id_token}) and, once, `user`. */
export const appleVerifySchema = z.object({
  authorization: z.object(
    {
      code: z
        .string({ error: "api:body.authorizationRequired" })
        .min(1, "api:body.authorizationRequired")
        .max(2048, "api:body.authorizationRequired"),
      id_token: z.string().max(8192, "api:body.authorizationRequired").optional(),
    },
    { error: "api:body.authorizationRequired" },
  ),
  user: z.unknown().optional(),
});
