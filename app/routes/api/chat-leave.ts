import { parseId } from "~/lib/forms/chat";
import { requireBearerUser } from "~/routes/api/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/routes/api/json.server";
import { leaveGroup } from "~/server/chat/chat.server";
import type { Route } from "./+types/chat-leave";
import { groupRefusal } from "./group-answer.server";

/** POST /api/v2/conversation/{id}/leave → {conversationId}; afterwards the group is a 404 for the caller (decision 060). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const userId = await requireBearerUser(request, context);
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "not_found", t("chat:errors.groupNotFound"));
  const result = await leaveGroup(userId, id);
  if (result.status !== "ok") return groupRefusal(result, t);
  return Response.json({ conversationId: id });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
