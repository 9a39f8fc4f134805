import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { type SocialIdentity, signInWithIdentity } from "~/server/auth/identity.server";
import { PROVIDER_NAMES, type SocialProvider } from "~/server/auth/providers.server";
import { issueTokens } from "~/server/auth/tokens.server";
import {
  apiTranslator,
  jsonError,
  methodNotAllowed,
  readJsonBody,
  type Translate,
} from "../../server/http/json.server";

/** The JSON API's answers for googleverify and appleverify (DESIGN §6). */

function providerNotConfigured(provider: SocialProvider, t: Translate) {
  return jsonError(503, "provider_not_configured", t("api:errors.providerNotConfigured", names(provider)));
}

function providerUnavailable(provider: SocialProvider, t: Translate) {
  return jsonError(502, "provider_unavailable", t("api:errors.providerUnavailable", names(provider)));
}

function idTokenRefused(provider: SocialProvider, status: "invalid" | "expired", t: Translate) {
  return status === "expired"
    ? jsonError(401, "id_token_expired", t("api:errors.idTokenExpired", names(provider)))
    : jsonError(401, "invalid_id_token", t("api:errors.idTokenInvalid", names(provider)));
}

/** What a provider's tokens proved: who signed in, or why no one did. */
export type ProviderCheck =
  | { status: "valid"; identity: SocialIdentity }
  | { status: "invalid" | "expired" | "unavailable" };

/**
 * googleverify and appleverify (SPEC §7): POST only, 503 while the provider is not configured,
 * the body checked by its schema; `verify` proves the provider's tokens (or answers itself, for
 * a refusal only that provider has), and the identity signs in as on the web.
 */
export async function verifyProviderAction<Settings, Schema extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  provider: SocialProvider,
  settings: Settings | null,
  schema: Schema,
  verify: (settings: Settings, body: z.infer<Schema>, t: Translate) => Promise<ProviderCheck | Response>,
) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  if (!settings) return providerNotConfigured(provider, t);
  const body = await readJsonBody(request, schema, t);
  if (!body.ok) return body.response;
  const check = await verify(settings, body.data, t);
  if (check instanceof Response) return check;
  if (check.status === "unavailable") return providerUnavailable(provider, t);
  if (check.status !== "valid") return idTokenRefused(provider, check.status, t);
  return signInIdentityForApi(check.identity, t);
}

/** Same accounts as the web flow: found, linked by verified email, or created. */
async function signInIdentityForApi(identity: SocialIdentity, t: Translate) {
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
