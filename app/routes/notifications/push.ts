import { userContext } from "~/context";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import { pushSubscriptionAnswer } from "~/server/notifications/push-answer.server";
import type { Route } from "./+types/push";

/**
 * POST / DELETE /profile/settings/notifications/push: the settings page's "Turn on
 * notifications" button, with the cookie session (the API's twin is /api/v2/push-subscriptions).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  return pushSubscriptionAnswer(request, viewer, t, "POST, DELETE");
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST, DELETE", apiTranslator(context));
}
