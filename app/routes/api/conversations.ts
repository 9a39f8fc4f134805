import { requireBearerUser } from "~/routes/api/bearer.server";
import { apiTranslator, methodNotAllowed } from "~/routes/api/json.server";
import { listConversations } from "~/server/conversations.server";
import type { Route } from "./+types/conversations";

/** GET /api/v2/conversation → {data: {data: [...]}} (SPEC §7, DESIGN §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireBearerUser(request, context);
  return Response.json({ data: { data: await listConversations(userId, 50) } });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
