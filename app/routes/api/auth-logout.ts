import { refreshTokenBodySchema } from "~/routes/api/auth-bodies.server";
import { revokeRefreshToken } from "~/server/auth/tokens.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { closeUserSockets } from "~/server/realtime/realtime.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v2/auth/logout {refreshToken} → 204. Ends that sign-in (its whole token family).
 * An unknown or already revoked token answers the same: the caller is signed out either way.
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const body = await readJsonBody(request, refreshTokenBodySchema, t);
  if (!body.ok) return body.response;
  const userId = await revokeRefreshToken(body.data.refreshToken);
  if (userId !== null) await closeUserSockets(userId);
  return new Response(null, { status: 204 });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
