import { notificationSettingsPatchSchema } from "~/lib/forms/notification-settings";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { getNotificationSettings, saveNotificationSettings } from "~/server/notifications/preferences.server";
import type { ApiArgs } from "./api-args";

/**
 * GET /api/v2/notification-settings → {settings: {email: {chat, inbox, friends, posts, events},
 * quietStart, quietEnd, digestHour}, pushDevices}. PUT any part of `settings` → the saved whole.
 */
export async function loader({ request, context }: ApiArgs) {
  const actor = await requireBearerActor(request, context);
  return Response.json(await getNotificationSettings(actor.id));
}

export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, notificationSettingsPatchSchema, t);
  if (!body.ok) return body.response;
  return Response.json({ settings: await saveNotificationSettings(actor, body.data) });
}
