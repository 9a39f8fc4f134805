import { parseId } from "~/lib/forms/communities";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { performPostAction } from "~/server/content/post-actions.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { apiPost, apiThreads, postNotFound } from "./content-json.server";

/**
 * GET /api/v1/posts/{id} → {post, threads: [{comment, replies}]}: /content/{id}. DELETE → 204:
 * its author or a manager. Anyone who may not see the post gets 404 (decision 045).
 */
export async function loader({ request, context, params, url }: ApiArgs<{ id: string }>) {
  const userId = await requireBearerUser(request, context);
  const id = parseId(params.id);
  const page = id === null ? null : await getPostPage(userId, id);
  if (!page) return postNotFound(apiTranslator(context));
  return Response.json(
    withTimeTexts(
      { post: apiPost(page.post, url.origin), threads: apiThreads(page.threads, url.origin) },
      await apiClock(request, context),
    ),
  );
}

export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE", t);
  const actor = await requireBearerActor(request, context);
  const id = parseId(params.id);
  const outcome = id === null ? null : await performPostAction(actor, id, { intent: "deletePost" });
  if (outcome?.status !== "post_deleted") return postNotFound(t);
  return new Response(null, { status: 204 });
}
