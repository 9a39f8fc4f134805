import { type SocialIdentity, signInWithIdentity } from "~/server/auth/identity.server";
import { PROVIDER_NAMES, type SocialProvider } from "~/server/auth/providers.server";
import { issueTokens } from "~/server/auth/tokens.server";
import { jsonError, type Translate } from "./json.server";

/** The JSON API's answers for googleverify and appleverify (DESIGN §6). */

export function providerNotConfigured(provider: SocialProvider, t: Translate) {
  return jsonError(503, "provider_not_configured", t("api:errors.providerNotConfigured", names(provider)));
}

export function providerUnavailable(provider: SocialProvider, t: Translate) {
  return jsonError(502, "provider_unavailable", t("api:errors.providerUnavailable", names(provider)));
}

export function idTokenRefused(provider: SocialProvider, status: "invalid" | "expired", t: Translate) {
  return status === "expired"
    ? jsonError(401, "id_token_expired", t("api:errors.idTokenExpired", names(provider)))
    : jsonError(401, "invalid_id_token", t("api:errors.idTokenInvalid", names(provider)));
}

/** Same accounts as the web flow: found, linked by verified email, or created. */
export async function signInIdentityForApi(identity: SocialIdentity, t: Translate) {
  const result = await signInWithIdentity(identity);
  const values = names(identity.provider);
  switch (result.status) {
    case "signed_in":
      return Response.json(await issueTokens(result.userId));
    case "email_unverified":
      return jsonError(403, "email_unverified", t("auth:social.emailUnverified", values));
    case "email_missing":
      return jsonError(422, "email_missing", t("auth:social.emailMissing", values));
    case "account_unavailable":
      return jsonError(403, "account_unavailable", t("auth:social.accountUnavailable", values));
  }
}

function names(provider: SocialProvider) {
  return { provider: PROVIDER_NAMES[provider] };
}
