import { parseId } from "~/lib/forms/chat";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { deleteMessage } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/** DELETE /api/v2/conversation/{id}/messages/{messageId} → {message} with its removing disposition (decision 051). */
export async function action({ request, context, params }: ApiArgs<{ id: string; messageId: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "DELETE") return methodNotAllowed("DELETE", t);
  const sender = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const messageId = parseId(params.messageId);
  const result = id === null || messageId === null ? null : await deleteMessage(sender, id, messageId);
  if (!result || result.status === "not_found") return jsonError(404, "not_found", t("chat:errors.messageNotFound"));
  return Response.json(withTimeTexts({ message: result.message }, await apiClock(request, context)));
}

export function loader({ context }: ApiArgs<{ id: string; messageId: string }>) {
  return methodNotAllowed("DELETE", apiTranslator(context));
}
