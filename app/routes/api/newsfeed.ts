import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { decodeCursor } from "~/server/content/post-cards.server";
import { loadNewsfeed } from "~/server/feed/newsfeed.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { postPage } from "./content-json.server";

/**
 * GET /api/v1/newsfeed?before= → {data: [post], nextCursor, endOfFeed}: the /newsfeed page's
 * posts by the same cursor (SPEC §3 "last-post timestamp, end-of-feed flag", decision 046).
 */
export async function loader({ request, context, url }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const feed = await loadNewsfeed(userId, decodeCursor(url.searchParams.get("before")));
  return Response.json(
    withTimeTexts(
      { ...postPage(feed.posts, !feed.endOfFeed, url.origin), endOfFeed: feed.endOfFeed },
      await apiClock(request, context),
    ),
  );
}

export function action({ context }: ApiArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
