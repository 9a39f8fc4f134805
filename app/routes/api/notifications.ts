import { requireBearerUser } from "~/routes/api/bearer.server";
import { apiClock, withTimeTexts } from "~/routes/api/display-times.server";
import { apiTranslator, methodNotAllowed } from "~/routes/api/json.server";
import { parseNotificationListQuery } from "~/routes/api/notifications.server";
import { listNotifications } from "~/server/notifications.server";
import type { Route } from "./+types/notifications";

/** GET /api/v1/notifications → {data: {data, unreadCount, nextCursor}}, newest first (SPEC §7). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const userId = await requireBearerUser(request, context);
  const query = parseNotificationListQuery(url, apiTranslator(context));
  if (!query.ok) return query.response;
  return Response.json(
    withTimeTexts({ data: await listNotifications(userId, query.data) }, await apiClock(request, context)),
  );
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
