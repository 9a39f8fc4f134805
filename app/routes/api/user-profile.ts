import { requireBearerUser } from "~/server/auth/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import { loadApiProfile } from "~/server/users/api-profile.server";
import type { ApiArgs } from "./api-args";

/** GET /api/v1/user/profile with a Bearer access token → {profile} (SPEC §7). */
export async function loader({ request, context }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const profile = await loadApiProfile(userId);
  if (!profile) return jsonError(401, "invalid_token", apiTranslator(context)("api:errors.userGone"));
  return Response.json({ profile });
}

export function action({ context }: ApiArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
