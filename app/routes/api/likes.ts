import { apiTargetSchema } from "~/lib/forms/content";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { hasLiked, like, unlike } from "~/server/content/likes.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { postNotFound } from "./content-json.server";

/**
 * POST /api/v1/likes {targetType: post|comment, targetId} likes, DELETE unlikes → {liked}.
 * Idempotent like the pages' (decision 046); liking what the caller may not see is 404.
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE", t);
  const actor = await requireBearerActor(request, context);
  const userId = actor.id;
  const body = await readJsonBody(request, apiTargetSchema, t);
  if (!body.ok) return body.response;
  const target = { type: body.data.targetType, id: body.data.targetId };
  if (request.method === "DELETE") {
    await unlike(actor, target);
    return Response.json({ liked: false });
  }
  const added = await like(actor, target);
  // Nothing added: liked already (idempotent), or not visible; tell them apart only for the latter.
  if (!added && !(await hasLiked(userId, target))) return postNotFound(t);
  return Response.json({ liked: true });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST, DELETE", apiTranslator(context));
}
