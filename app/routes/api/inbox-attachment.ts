import { parseId } from "~/lib/forms/chat";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import { attachmentResponse } from "~/server/inbox/attachment-response.server";
import { readAttachment } from "~/server/inbox/inbox.server";
import type { ApiArgs } from "./api-args";

/** GET /api/v2/inbox/{id}/attachments/{attachmentId}: the file, to holders of a copy only (else 404). */
export async function loader({ request, context, params }: ApiArgs<{ attachmentId: string; id: string }>) {
  const userId = await requireBearerUser(request, context);
  const messageId = parseId(params.id);
  const attachmentId = parseId(params.attachmentId);
  const file =
    messageId === null || attachmentId === null ? null : await readAttachment(userId, messageId, attachmentId);
  if (!file) return jsonError(404, "not_found", apiTranslator(context)("inbox:errors.notFound"));
  return attachmentResponse(file, request.method);
}

export function action({ context }: ApiArgs<{ attachmentId: string; id: string }>) {
  return methodNotAllowed("GET", apiTranslator(context));
}
