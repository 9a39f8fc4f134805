import { appleVerifySchema } from "~/routes/api/auth-bodies.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/routes/api/json.server";
import {
  idTokenRefused,
  providerNotConfigured,
  providerUnavailable,
  signInIdentityForApi,
} from "~/routes/api/social.server";
import { verifyAppleAuthorization } from "~/server/auth/apple-tokens.server";
import { appleSettings } from "~/server/auth/providers.server";
import { SocialSignInError } from "~/server/auth/social-errors.server";
import type { Route } from "./+types/auth-appleverify";

/**
 * POST /api/v2/auth/appleverify {authorization: {code, id_token}, user?} → {token,
 * refreshToken}. The code is traded at Apple and the id_tokens verified before anyone signs in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const settings = appleSettings();
  if (!settings) return providerNotConfigured("apple", t);
  const body = await readJsonBody(request, appleVerifySchema, t);
  if (!body.ok) return body.response;

  const { authorization, user } = body.data;
  try {
    const check = await verifyAppleAuthorization(settings, {
      code: authorization.code,
      idToken: authorization.id_token,
      user,
    });
    if (check.status !== "valid") return idTokenRefused("apple", check.status, t);
    return await signInIdentityForApi(check.identity, t);
  } catch (error) {
    if (!(error instanceof SocialSignInError)) throw error;
    if (error.reason === "unavailable") return providerUnavailable("apple", t);
    return jsonError(401, "invalid_authorization", t("api:errors.authorizationInvalid"));
  }
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
