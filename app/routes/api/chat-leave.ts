import { leaveGroup } from "~/server/chat/chat.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { groupPost, groupRefusal } from "./group-answer.server";

/** POST /api/v2/conversation/{id}/leave → {conversationId}; afterwards the group is a 404 for the caller (decision 060). */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const call = await groupPost(request, context, params.id);
  if ("refused" in call) return call.refused;
  const { t, actor, id } = call;
  const result = await leaveGroup(actor, id);
  if (result.status !== "ok") return groupRefusal(result, t);
  return Response.json({ conversationId: id });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST", apiTranslator(context));
}
