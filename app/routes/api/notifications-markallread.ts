import { requireBearerActor, revokedToken } from "~/server/auth/bearer.server";
import { markAllNotificationsRead } from "~/server/notifications/notifications.server";
import type { Route } from "./+types/notifications-markallread";

/** GET|POST /api/v1/notifications/markallread → {unreadCount} (SPEC §7; the app asks first). */
async function markAllRead({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const result = await markAllNotificationsRead(await requireBearerActor(request, context));
  if (result.status === "revoked") return revokedToken(context);
  return Response.json({ unreadCount: result.unreadCount });
}

export const loader = markAllRead;
export const action = markAllRead;
