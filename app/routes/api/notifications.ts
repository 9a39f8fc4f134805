import { parseNotificationListQuery } from "~/routes/api/notification-query.server";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerUser } from "~/server/auth/bearer.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import { listNotifications } from "~/server/notifications/notifications.server";
import type { ApiArgs } from "./api-args";

/** GET /api/v1/notifications → {data: {data, unreadCount, nextCursor}}, newest first (SPEC §7). */
export async function loader({ request, context, url }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const query = parseNotificationListQuery(url, apiTranslator(context));
  if (!query.ok) return query.response;
  return Response.json(
    withTimeTexts({ data: await listNotifications(userId, query.data) }, await apiClock(request, context)),
  );
}

export function action({ context }: ApiArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
