import { requireBearerUser } from "~/routes/api/bearer.server";
import { apiTranslator, methodNotAllowed } from "~/routes/api/json.server";
import { CONVERSATION_PAGE_MAX, listConversationPage } from "~/server/chat/chat.server";
import type { Route } from "./+types/conversations";

/**
 * GET /api/v2/conversation → {data: {data: [...], nextCursor}} (SPEC §7, DESIGN §6), most
 * recent first; `?cursor=<nextCursor>` pages on.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const userId = await requireBearerUser(request, context);
  const page = await listConversationPage(userId, {
    limit: CONVERSATION_PAGE_MAX,
    cursor: url.searchParams.get("cursor"),
  });
  return Response.json({ data: page });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
