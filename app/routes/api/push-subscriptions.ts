import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/lib/forms/notification-settings";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { pushPublicKey } from "~/server/notifications/push-config.server";
import { deletePushSubscription, savePushSubscription } from "~/server/notifications/push-subscriptions.server";
import type { Route } from "./+types/push-subscriptions";

/**
 * POST /api/v2/push-subscriptions {endpoint, keys: {p256dh, auth}} → 201: this device gets
 * pushes. DELETE {endpoint} → 204. GET → {vapidPublicKey}: what the app subscribes with.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const actor = await requireBearerActor(request, context);
  if (request.method === "DELETE") {
    const body = await readJsonBody(request, pushUnsubscribeSchema, t);
    if (!body.ok) return body.response;
    await deletePushSubscription(actor, body.data.endpoint);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST, DELETE", t);
  const vapidKey = pushPublicKey();
  if (!vapidKey) return jsonError(503, "push_disabled", t("notifications:push.disabled"));
  const body = await readJsonBody(request, pushSubscriptionSchema, t);
  if (!body.ok) return body.response;
  await savePushSubscription(actor, body.data, vapidKey);
  return Response.json({ subscribed: true }, { status: 201 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireBearerActor(request, context);
  return Response.json({ vapidPublicKey: pushPublicKey() });
}
