import { userContext } from "~/context";
import { parseId } from "~/lib/forms/chat";
import { readAttachment } from "~/server/inbox/inbox.server";
import { signInRedirect } from "~/server/session/web-session.server";
import { attachmentResponse } from "../../server/inbox/attachment-response.server";
import type { Route } from "./+types/attachment";

/**
 * GET /messagesold/{id}/attachments/{attachmentId}: a file of message {id}, only to the people
 * who hold a copy of it; to everyone else 404, the same as a file that does not exist.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext);
  if (!viewer) throw signInRedirect(url);
  const messageId = parseId(params.id);
  const attachmentId = parseId(params.attachmentId);
  const file =
    messageId === null || attachmentId === null ? null : await readAttachment(viewer.id, messageId, attachmentId);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return attachmentResponse(file, request.method);
}
