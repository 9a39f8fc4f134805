import { parseId } from "~/lib/forms/communities";
import { apiCommentSchema } from "~/lib/forms/content";
import { requireBearerActor, revokedToken } from "~/server/auth/bearer.server";
import { addComment } from "~/server/content/comments.server";
import { notifyComment } from "~/server/content/content-notifications.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { Route } from "./+types/post-comments";
import { notifyContextOf, postNotFound } from "./content-json.server";

/**
 * POST /api/v1/posts/{id}/comments {body, replyTo?} → 201 {comment: {id, parentId}}: a comment,
 * or a reply (one level: a reply to a reply joins its thread, decision 046). 404 for a post
 * the caller may not see.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const userId = actor.id;
  const body = await readJsonBody(request, apiCommentSchema, t);
  if (!body.ok) return body.response;
  const postId = parseId(params.id);
  const comment = postId === null ? null : await addComment(actor, postId, body.data.body, body.data.replyTo ?? null);
  if (comment === "revoked") return revokedToken(context);
  if (!comment || postId === null) return postNotFound(t);
  notifyComment(notifyContextOf(request, context), userId, postId, comment.parentId);
  return Response.json({ comment }, { status: 201 });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
