import { requireBearerActor } from "~/server/auth/bearer.server";
import { apiTranslator } from "~/server/http/json.server";
import { pushSubscriptionAnswer } from "~/server/notifications/push-answer.server";
import { pushPublicKey } from "~/server/notifications/push-config.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v2/push-subscriptions {endpoint, keys: {p256dh, auth}} → 201: this device gets
 * pushes. DELETE {endpoint} → 204. GET → {vapidPublicKey}: what the app subscribes with.
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  const actor = await requireBearerActor(request, context);
  return pushSubscriptionAnswer(request, actor, t, "GET, POST, DELETE");
}

export async function loader({ request, context }: ApiArgs) {
  await requireBearerActor(request, context);
  return Response.json({ vapidPublicKey: pushPublicKey() });
}
