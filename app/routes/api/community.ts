import { parseId } from "~/lib/forms/communities";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { getCommunityPage } from "~/server/communities/community-page.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { apiCommunity, apiPost } from "./content-json.server";

/**
 * GET /api/v1/communities/{id} → {community, membership, visible, joinAction, canPost,
 * isManager, memberCount, members, pinned, posts}: what /communities/{id} shows, from the same
 * service; someone who may not see its content gets the card only (decision 045).
 */
export async function loader({ request, context, params, url }: ApiArgs<{ id: string }>) {
  const userId = await requireBearerUser(request, context);
  const id = parseId(params.id);
  const page = id === null ? null : await getCommunityPage(userId, id);
  if (!page) return jsonError(404, "not_found", apiTranslator(context)("communities:errors.notFound"));
  const { upcoming: _events, ...rest } = page;
  return Response.json({
    ...rest,
    community: apiCommunity(page.community, url.origin),
    members: page.members.map((member) => apiCommunity(member, url.origin)),
    pinned: page.pinned.map((post) => apiPost(post, url.origin)),
    posts: page.posts.map((post) => apiPost(post, url.origin)),
  });
}

export function action({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("GET", apiTranslator(context));
}
