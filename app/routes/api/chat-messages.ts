import { parseId, sendMessageBodySchema } from "~/lib/forms/chat";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import { loadConversation, sendMessage } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { sendAnswer } from "../../server/chat/send-answer.server";
import type { ApiArgs } from "./api-args";

/**
 * GET /api/v2/conversation/{id}/messages?before=|after= → {data: [...], earlierCursor}
 * (oldest first; `before` pages back 50 at a time, `after` fills a gap after a reconnect).
 * POST with {content, clientMsgId} → 201 {message}, or 200 with the stored copy on a resend.
 * A conversation the caller is not in is a 404 (decision 050).
 */
export async function loader({ request, context, params, url }: ApiArgs<{ id: string }>) {
  const userId = await requireBearerUser(request, context);
  const t = apiTranslator(context);
  const id = parseId(params.id);
  const options = { before: url.searchParams.get("before"), after: url.searchParams.get("after") };
  const view = id === null ? null : await loadConversation(userId, id, options);
  if (!view) return jsonError(404, "not_found", t("chat:errors.notFound"));
  return Response.json(
    withTimeTexts({ data: view.messages, earlierCursor: view.earlierCursor }, await apiClock(request, context)),
  );
}

export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST", t);
  const sender = await requireBearerActor(request, context);
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "not_found", t("chat:errors.notFound"));
  const body = await readJsonBody(request, sendMessageBodySchema, t);
  if (!body.ok) return body.response;
  return sendAnswer(await sendMessage(sender, { conversationId: id }, body.data), t);
}
