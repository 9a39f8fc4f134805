import type { RouterContextProvider } from "react-router";
import { verifyAccessToken } from "~/server/auth/tokens.server";
import { apiTranslator, jsonError } from "../http/json.server";

/**
 * The API's callers prove who they are with `Authorization: Bearer <access token>` and
 * nothing else: no cookies, so no cross-site request can act as anyone (DESIGN §5).
 * Returns the user id, or throws a 401 JSON response that says what to do.
 */
export async function requireBearerUser(request: Request, context?: Readonly<RouterContextProvider>) {
  return (await requireBearerActor(request, context)).id;
}

/**
 * The caller as an actor: the user id and the token version their token carries. Writes pass
 * it to their service, which checks revocation in its own batch (decision 042); answer
 * `revokedToken()` when it says so.
 */
export async function requireBearerActor(request: Request, context?: Readonly<RouterContextProvider>) {
  const t = apiTranslator(context);
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  if (!match?.[1]) {
    throw jsonError(401, "unauthorized", t("api:errors.unauthorized"), {
      headers: { "WWW-Authenticate": 'Bearer realm="schoolhub"' },
    });
  }
  const check = await verifyAccessToken(match[1]);
  if (check.status === "valid") return { id: check.userId, tokenVersion: check.tokenVersion };
  const [code, key] =
    check.status === "expired"
      ? (["token_expired", "api:errors.tokenExpired"] as const)
      : (["invalid_token", "api:errors.tokenInvalid"] as const);
  throw jsonError(401, code, t(key), {
    headers: { "WWW-Authenticate": `Bearer realm="schoolhub", error="invalid_token"` },
  });
}

/** 401 for a token that logout or account deletion revoked before it expired (decision 042). */
export function revokedToken(context?: Readonly<RouterContextProvider>) {
  return jsonError(401, "invalid_token", apiTranslator(context)("api:errors.tokenInvalid"), {
    headers: { "WWW-Authenticate": `Bearer realm="schoolhub", error="invalid_token"` },
  });
}
