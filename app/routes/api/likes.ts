import { apiTargetSchema } from "~/lib/forms/content";
import { requireBearerActor, revokedToken } from "~/server/auth/bearer.server";
import { notifyPostLike } from "~/server/content/content-notifications.server";
import { hasLiked, like, unlike } from "~/server/content/likes.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { Route } from "./+types/likes";
import { notifyContextOf, postNotFound } from "./content-json.server";

/**
 * POST /api/v1/likes {targetType: post|comment, targetId} likes, DELETE unlikes → {liked}.
 * Idempotent like the pages' (decision 046); liking what the caller may not see is 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE", t);
  const actor = await requireBearerActor(request, context);
  const userId = actor.id;
  const body = await readJsonBody(request, apiTargetSchema, t);
  if (!body.ok) return body.response;
  const target = { type: body.data.targetType, id: body.data.targetId };
  if (request.method === "DELETE") {
    if ((await unlike(actor, target)) === "revoked") return revokedToken(context);
    return Response.json({ liked: false });
  }
  const added = await like(actor, target);
  if (added === "revoked") return revokedToken(context);
  if (added && target.type === "post") notifyPostLike(notifyContextOf(request, context), userId, target.id);
  // Nothing added: liked already (idempotent), or not visible; tell them apart only for the latter.
  if (!added && !(await hasLiked(userId, target))) return postNotFound(t);
  return Response.json({ liked: true });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST, DELETE", apiTranslator(context));
}
