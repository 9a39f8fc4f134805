import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/lib/forms/notification-settings";
import type { Translate } from "~/lib/translate";
import { jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { Actor } from "~/server/users/session-user.server";
import { pushPublicKey } from "./push-config.server";
import { deletePushSubscription, savePushSubscription } from "./push-subscriptions.server";

/**
 * A device's push subscription, as JSON, for both doors (decision 136): the settings page's
 * button with the cookie session (/profile/settings/notifications/push) and the API with a Bearer
 * token (/api/v2/push-subscriptions). POST {endpoint, keys} → 201, or 503 while push is off;
 * DELETE {endpoint} → 204; anything else 405 with the route's `allow`.
 */
export async function pushSubscriptionAnswer(request: Request, actor: Actor, t: Translate, allow: string) {
  if (request.method === "DELETE") {
    const body = await readJsonBody(request, pushUnsubscribeSchema, t);
    if (!body.ok) return body.response;
    await deletePushSubscription(actor, body.data.endpoint);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "POST") return methodNotAllowed(allow, t);
  const vapidKey = pushPublicKey();
  if (!vapidKey) return jsonError(503, "push_disabled", t("notifications:push.disabled"));
  const body = await readJsonBody(request, pushSubscriptionSchema, t);
  if (!body.ok) return body.response;
  await savePushSubscription(actor, body.data, vapidKey);
  return Response.json({ subscribed: true }, { status: 201 });
}
