import { parseUserId } from "~/lib/forms/friend";
import { apiUserInfo, requireReadingUser } from "~/routes/api/viewer.server";
import { getUserInfo } from "~/server/friends/relation.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * GET /api/v1/user/{id} → {userInfo} with the caller's friendStatus (SPEC §7). Unknown,
 * unactivated and deleted users are a 404, so apps show "Unknown User".
 */
export async function loader({ request, context, params }: ApiArgs<{ id: string }>) {
  const viewerId = await requireReadingUser(request, context);
  const id = parseUserId(params.id);
  const userInfo = id === null ? null : await getUserInfo(viewerId, id);
  if (!userInfo) {
    return jsonError(404, "user_not_found", apiTranslator(context)("friends:warnings.notFound", { id: params.id }));
  }
  return Response.json({ userInfo: apiUserInfo(userInfo, new URL(request.url).origin) });
}

export function action({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("GET", apiTranslator(context));
}
