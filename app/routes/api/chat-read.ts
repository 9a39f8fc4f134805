import { parseId } from "~/lib/forms/chat";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { markConversationRead } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/** POST /api/v2/conversation/{id}/read → {conversationId, lastReadAt}; other devices get conversationLastRead (SPEC §4). */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const reader = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const result = id === null ? null : await markConversationRead(reader, id);
  if (!result) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json(result);
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST", apiTranslator(context));
}
