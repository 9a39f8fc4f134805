import { appleVerifySchema } from "~/routes/api/auth-bodies.server";
import { verifyProviderAction } from "~/routes/api/social.server";
import { verifyAppleAuthorization } from "~/server/auth/apple-tokens.server";
import { appleSettings } from "~/server/auth/providers.server";
import { SocialSignInError } from "~/server/auth/social-errors.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v2/auth/appleverify {authorization: {code, id_token}, user?} → {token,
 * refreshToken}. The code is traded at Apple and the id_tokens verified before anyone signs in.
 */
export async function action(args: ApiArgs) {
  return verifyProviderAction(args, "apple", appleSettings(), appleVerifySchema, async (settings, body, t) => {
    const { code, id_token: idToken } = body.authorization;
    try {
      return await verifyAppleAuthorization(settings, { code, idToken, user: body.user });
    } catch (error) {
      if (!(error instanceof SocialSignInError)) throw error;
      if (error.reason === "unavailable") return { status: "unavailable" };
      // Apple refused the code itself, not an id_token.
      return jsonError(401, "invalid_authorization", t("api:errors.authorizationInvalid"));
    }
  });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
