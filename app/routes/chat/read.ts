import { userContext } from "~/context";
import { parseId } from "~/lib/forms/chat";
import { markConversationRead } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { Route } from "./+types/read";

/** POST /chat/{id}/read: the open page read what just arrived (SPEC §4 conversationLastRead). */
export async function action({ context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  const id = parseId(params.id);
  // A revoked token (decision 042) never gets here with a result: the auth middleware answers 401.
  const result = id === null ? null : await markConversationRead(viewer, id);
  if (!result) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json(result);
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
