import { userContext } from "~/context";
import { parseId } from "~/lib/forms/chat";
import { revokedToken } from "~/server/auth/bearer.server";
import { markConversationRead } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { Route } from "./+types/read";

/** POST /chat/{id}/read: the open page read what just arrived (SPEC §4 conversationLastRead). */
export async function action({ context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  const id = parseId(params.id);
  const result = id === null ? null : await markConversationRead(viewer, id);
  // A token revoked by logout or deletion (decision 042): as the API answers it.
  if (result === "revoked") return revokedToken(context);
  if (!result) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json(result);
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
