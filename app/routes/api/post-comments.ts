import { parseId } from "~/lib/forms/communities";
import { apiCommentSchema } from "~/lib/forms/content";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { addComment } from "~/server/content/comments.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { postNotFound } from "./content-json.server";

/**
 * POST /api/v1/posts/{id}/comments {body, replyTo?, clientKey?} → 201 {comment: {id, parentId}}: a comment,
 * or a reply (one level: a reply to a reply joins its thread, decision 046). 404 for a post
 * the caller may not see. The same clientKey again answers the first comment (decision 133).
 */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, apiCommentSchema, t);
  if (!body.ok) return body.response;
  const postId = parseId(params.id);
  const { replyTo = null, clientKey = null } = body.data;
  const comment = postId === null ? null : await addComment(actor, postId, body.data.body, replyTo, clientKey);
  if (!comment || postId === null) return postNotFound(t);
  if ("refused" in comment)
    return jsonError(403, "not_allowed", t("content:errors.commentConsentRequired"), { reason: comment.refused });
  return Response.json(withTimeTexts({ comment }, await apiClock(request, context)), { status: 201 });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST", apiTranslator(context));
}
