import { parseId, renameGroupBodySchema } from "~/lib/forms/chat";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { renameGroup } from "~/server/chat/chat.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { groupRefusal } from "./group-answer.server";

/** PATCH /api/v2/conversation/{id} with {title} → {conversation: {id, title}}; any member of a group may (decision 060). */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "PATCH") return methodNotAllowed("PATCH", t);
  const actor = await requireBearerActor(request, context);
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "not_found", t("chat:errors.groupNotFound"));
  const body = await readJsonBody(request, renameGroupBodySchema, t);
  if (!body.ok) return body.response;
  const result = await renameGroup(actor, id, body.data.title);
  if (result.status !== "ok") return groupRefusal(result, t);
  return Response.json({ conversation: { id, title: body.data.title } });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("PATCH", apiTranslator(context));
}
