import { communitySearchSchema } from "~/lib/forms/communities";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { decodeSearchCursor, encodeSearchCursor, searchCommunities } from "~/server/communities/search.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { Route } from "./+types/communities-search";
import { apiCommunity } from "./content-json.server";

/**
 * GET /api/v1/communities/search?q=&category=&after= → {data: [community], nextCursor}: the
 * search page's ranking and paging (decision 047).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireBearerUser(request, context);
  const query = communitySearchSchema.parse(Object.fromEntries(url.searchParams));
  const page = await searchCommunities(query.q, query.category, decodeSearchCursor(query.after));
  return Response.json({
    data: page.results.map((community) => apiCommunity(community, url.origin)),
    nextCursor: page.next ? encodeSearchCursor(page.next) : null,
  });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
