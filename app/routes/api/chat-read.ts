import { parseId } from "~/lib/forms/chat";
import { requireBearerActor, revokedToken } from "~/server/auth/bearer.server";
import { markConversationRead } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { Route } from "./+types/chat-read";

/** POST /api/v2/conversation/{id}/read → {conversationId, lastReadAt}; other devices get conversationLastRead (SPEC §4). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const reader = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const result = id === null ? null : await markConversationRead(reader, id);
  if (result === "revoked") return revokedToken(context);
  if (!result) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json(result);
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
