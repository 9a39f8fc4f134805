import { requireBearerUser } from "~/routes/api/bearer.server";
import { markAllNotificationsRead } from "~/server/notifications.server";
import type { Route } from "./+types/notifications-markallread";

/** GET|POST /api/v1/notifications/markallread → {unreadCount} (SPEC §7; the app asks first). */
async function markAllRead({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const userId = await requireBearerUser(request, context);
  return Response.json(await markAllNotificationsRead(userId));
}

export const loader = markAllRead;
export const action = markAllRead;
