import { addMembersBodySchema } from "~/lib/forms/chat";
import { addToGroup } from "~/server/chat/chat.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { groupPost, groupRefusal } from "./group-answer.server";

/**
 * POST /api/v2/conversation/{id}/participants with {userIds} → {conversationId, added}: people
 * the caller may message join the group, all or none (decision 060); members already in it are skipped.
 */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const call = await groupPost(request, context, params.id);
  if ("refused" in call) return call.refused;
  const { t, actor, id } = call;
  const body = await readJsonBody(request, addMembersBodySchema, t);
  if (!body.ok) return body.response;
  const result = await addToGroup(actor, id, body.data.userIds);
  if (result.status !== "ok") return groupRefusal(result, t);
  return Response.json({ conversationId: id, added: result.added ?? [] });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST", apiTranslator(context));
}
