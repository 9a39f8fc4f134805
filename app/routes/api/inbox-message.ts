import { parseId } from "~/lib/forms/chat";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import { deleteForMe, loadThread } from "~/server/inbox/inbox.server";
import type { ApiArgs } from "./api-args";
import { apiMessage } from "./inbox-api.server";

/**
 * GET /api/v2/inbox/{id} → {message, thread: [...]} (oldest first), marking the caller's copies
 * read. DELETE removes the caller's copy only. 404 for anyone without a copy (decision 063).
 */
export async function loader({ request, context, params }: ApiArgs<{ id: string }>) {
  const reader = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const thread = id === null ? null : await loadThread(reader, id);
  const message = thread?.messages.find((m) => m.id === id);
  if (!thread || !message) return jsonError(404, "not_found", apiTranslator(context)("inbox:errors.notFound"));
  return Response.json(
    withTimeTexts(
      { message: apiMessage(message), thread: thread.messages.map(apiMessage) },
      await apiClock(request, context),
    ),
  );
}

export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE", t);
  const actor = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const deleted = id === null ? false : await deleteForMe(actor, id);
  if (!deleted) return jsonError(404, "not_found", t("inbox:errors.notFound"));
  return Response.json({ deleted: true, id });
}
