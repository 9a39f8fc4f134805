import { retryAfterHeaders, waitValues } from "~/lib/forms/rate-limited.server";
import { apiSignInSchema } from "~/routes/api/auth-bodies.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/** POST /api/v2/auth/login {identifier | email | username, password} → {token, refreshToken}. */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const body = await readJsonBody(request, apiSignInSchema, t);
  if (!body.ok) return body.response;

  // The same rules and limits as the sign-in form (SPEC §4: 5 failures in 15 minutes).
  const result = await signInWithPassword({ ...body.data, address: clientAddress(request) });
  switch (result.status) {
    case "signed_in":
      return Response.json(result.tokens);
    case "invalid":
      return jsonError(401, "invalid_credentials", t("auth:signIn.invalid"));
    case "not_activated":
      return jsonError(403, "not_activated", t("auth:signIn.notActivated", { email: result.email }));
    case "rate_limited":
      return jsonError(429, "rate_limited", t("auth:signIn.rateLimited", waitValues(result.retryAfterSeconds)), {
        headers: retryAfterHeaders(result.retryAfterSeconds),
      });
  }
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
