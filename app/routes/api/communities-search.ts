import { communitySearchSchema } from "~/lib/forms/communities";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { decodeSearchCursor, encodeSearchCursor, searchCommunities } from "~/server/communities/search.server";
import { apiTranslator, methodNotAllowed, validated } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { apiCommunity } from "./content-json.server";

/**
 * GET /api/v1/communities/search?q=&category=&after= → {data: [community], nextCursor}: the
 * search page's ranking and paging (decision 047).
 */
export async function loader({ request, context, url }: ApiArgs) {
  await requireBearerUser(request, context);
  const parsed = validated(communitySearchSchema, Object.fromEntries(url.searchParams), apiTranslator(context));
  if (!parsed.ok) return parsed.response;
  const query = parsed.data;
  const page = await searchCommunities(query.q, query.category, decodeSearchCursor(query.after));
  return Response.json({
    data: page.results.map((community) => apiCommunity(community, url.origin)),
    nextCursor: page.next ? encodeSearchCursor(page.next) : null,
  });
}

export function action({ context }: ApiArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
