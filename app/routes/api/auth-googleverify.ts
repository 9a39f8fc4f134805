import { googleVerifySchema } from "~/routes/api/auth-bodies.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/routes/api/json.server";
import {
  idTokenRefused,
  providerNotConfigured,
  providerUnavailable,
  signInIdentityForApi,
} from "~/routes/api/social.server";
import { googleIdentity, verifyGoogleIdToken } from "~/server/auth/google.server";
import { googleSettings } from "~/server/auth/providers.server";
import type { Route } from "./+types/auth-googleverify";

/**
 * POST /api/v2/auth/googleverify {idToken} → {token, refreshToken}. An app signed in with
 * Google itself; its id_token (audience: our client id) is verified against Google's keys.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const settings = googleSettings();
  if (!settings) return providerNotConfigured("google", t);
  const body = await readJsonBody(request, googleVerifySchema, t);
  if (!body.ok) return body.response;

  const check = await verifyGoogleIdToken(body.data.idToken, settings);
  if (check.status === "unavailable") return providerUnavailable("google", t);
  if (check.status !== "valid") return idTokenRefused("google", check.status, t);
  return signInIdentityForApi(googleIdentity(check.claims), t);
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
