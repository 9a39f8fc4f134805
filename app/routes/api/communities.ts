import { requireBearerUser } from "~/server/auth/bearer.server";
import { listMyCommunities } from "~/server/communities/communities.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { apiCommunity } from "./content-json.server";

/**
 * GET /api/v1/communities → {data: {subscribed, owned, postable}}: the caller's communities as
 * SPEC §3 lists them (decision 045), the can-post flag being "postable is not empty".
 */
export async function loader({ request, context }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const origin = new URL(request.url).origin;
  const mine = await listMyCommunities(userId);
  const list = (communities: typeof mine.owned) => communities.map((community) => apiCommunity(community, origin));
  return Response.json({
    data: { subscribed: list(mine.subscribed), owned: list(mine.owned), postable: list(mine.postable) },
  });
}

export function action({ context }: ApiArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
