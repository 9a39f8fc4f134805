import { userContext } from "~/context";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/lib/forms/notification-settings";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { pushPublicKey } from "~/server/notifications/push-config.server";
import { deletePushSubscription, savePushSubscription } from "~/server/notifications/push-subscriptions.server";
import type { Route } from "./+types/push";

/**
 * POST / DELETE /profile/settings/notifications/push: the settings page's "Turn on
 * notifications" button, with the cookie session (the API's twin is /api/v2/push-subscriptions).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  if (request.method === "DELETE") {
    const body = await readJsonBody(request, pushUnsubscribeSchema, t);
    if (!body.ok) return body.response;
    await deletePushSubscription(viewer, body.data.endpoint);
    return new Response(null, { status: 204 });
  }
  if (request.method !== "POST") return methodNotAllowed("POST, DELETE", t);
  const vapidKey = pushPublicKey();
  if (!vapidKey) return jsonError(503, "push_disabled", t("notifications:push.disabled"));
  const body = await readJsonBody(request, pushSubscriptionSchema, t);
  if (!body.ok) return body.response;
  await savePushSubscription(viewer, body.data, vapidKey);
  return Response.json({ subscribed: true }, { status: 201 });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST, DELETE", apiTranslator(context));
}
