import { addMembersBodySchema, parseId } from "~/lib/forms/chat";
import { requireBearerUser } from "~/routes/api/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/routes/api/json.server";
import { addToGroup } from "~/server/chat/chat.server";
import type { Route } from "./+types/chat-participants";
import { groupRefusal } from "./group-answer.server";

/**
 * POST /api/v2/conversation/{id}/participants with {userIds} → {conversationId, added}: people
 * the caller may message join the group, all or none (decision 060); members already in it are skipped.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const userId = await requireBearerUser(request, context);
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "not_found", t("chat:errors.groupNotFound"));
  const body = await readJsonBody(request, addMembersBodySchema, t);
  if (!body.ok) return body.response;
  const result = await addToGroup(userId, id, body.data.userIds);
  if (result.status !== "ok") return groupRefusal(result, t);
  return Response.json({ conversationId: id, added: result.added ?? [] });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
