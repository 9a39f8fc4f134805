import { parseId } from "~/lib/forms/communities";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { loadCommunityPosts } from "~/server/communities/community-page.server";
import { decodeCursor } from "~/server/content/post-cards.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { postPage } from "./content-json.server";

/**
 * GET /api/v1/communities/{id}/posts?before= → {data: [post], nextCursor}: newest first, 20
 * at a time (decision 046). 403 `members_only` where only members see the content (decision 045).
 */
export async function loader({ request, context, params, url }: ApiArgs<{ id: string }>) {
  const userId = await requireBearerUser(request, context);
  const t = apiTranslator(context);
  const id = parseId(params.id);
  const page = id === null ? null : await loadCommunityPosts(userId, id, decodeCursor(url.searchParams.get("before")));
  if (!page) return jsonError(404, "not_found", t("communities:errors.notFound"));
  if (!page.visible) return jsonError(403, "members_only", t("communities:errors.membersOnly"));
  return Response.json(withTimeTexts(postPage(page.posts, page.hasMore, url.origin), await apiClock(request, context)));
}

export function action({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("GET", apiTranslator(context));
}
