import { requireBearerActor } from "~/server/auth/bearer.server";
import { markAllNotificationsRead } from "~/server/notifications/notifications.server";
import type { ApiArgs } from "./api-args";

/** GET|POST /api/v1/notifications/markallread → {unreadCount} (SPEC §7; the app asks first). */
async function markAllRead({ request, context }: ApiArgs) {
  const result = await markAllNotificationsRead(await requireBearerActor(request, context));
  return Response.json({ unreadCount: result.unreadCount });
}

export const loader = markAllRead;
export const action = markAllRead;
