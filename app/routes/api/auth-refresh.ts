import { refreshTokenBodySchema } from "~/routes/api/auth-bodies.server";
import { rotateRefreshToken } from "~/server/auth/tokens.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v2/auth/refresh {refreshToken} → {token, refreshToken}. Every refresh token works
 * once; presenting a rotated one again revokes its whole family (DESIGN §5).
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const body = await readJsonBody(request, refreshTokenBodySchema, t);
  if (!body.ok) return body.response;
  const result = await rotateRefreshToken(body.data.refreshToken);
  if (result.status === "refused") return jsonError(401, "refresh_refused", t("api:errors.refreshRefused"));
  return Response.json(result.tokens);
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
