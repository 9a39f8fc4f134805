import { userContext } from "~/context";
import { parseId, sendMessageBodySchema } from "~/lib/forms/chat";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { loadConversation, sendMessage } from "~/server/chat/chat.server";
import { apiTranslator, jsonError } from "~/server/http/json.server";
import { sendAnswer } from "../../server/chat/send-answer.server";
import type { Route } from "./+types/messages";

/**
 * /chat/{id}/messages for the page's JavaScript (cookie session, same origin): GET pages by
 * `before` or gap-fills by `after`; POST sends with the client's clientMsgId. Without
 * JavaScript the page's form and links do the same (DESIGN §1).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  const id = parseId(params.id);
  const options = { before: url.searchParams.get("before"), after: url.searchParams.get("after") };
  const view = id === null ? null : await loadConversation(viewer.id, id, options);
  if (!view) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json({ messages: view.messages, earlierCursor: view.earlierCursor });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "not_found", t("chat:errors.notFound"));
  const parsed = parseForm(sendMessageBodySchema, await readFormData(request));
  if (!parsed.ok) {
    const fields = Object.fromEntries(Object.entries(parsed.fieldErrors).map(([k, v]) => [k, v.map((key) => t(key))]));
    return jsonError(400, "invalid_request", Object.values(fields)[0]?.[0] ?? t("api:errors.invalidRequest"), {
      fields,
    });
  }
  return sendAnswer(await sendMessage(viewer, { conversationId: id }, parsed.data), t);
}
