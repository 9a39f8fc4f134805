import { userContext } from "~/context";
import { parseId } from "~/lib/forms/communities";
import { getLocale } from "~/middleware/i18next";
import { translateChatMessage } from "~/server/chat/translation.server";
import { translateContent } from "~/server/content/translation.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { Route } from "./+types/item";

/** The kinds this address translates, each by the service that knows who may read it. */
const SERVICES = {
  post: (viewerId: number, id: number, locale: string) => translateContent(viewerId, "post", id, locale),
  comment: (viewerId: number, id: number, locale: string) => translateContent(viewerId, "comment", id, locale),
  message: translateChatMessage,
} as const;

/**
 * GET /translation/{kind}/{id}: an item in the reader's language, as JSON `{ text, from }`, for
 * the "See translation" button's script (decision 150). Without JavaScript the button is a link
 * to the item's page, which shows the same.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const t = apiTranslator(context);
  const viewer = context.get(userContext);
  if (!viewer) return jsonError(401, "unauthorized", t("api:errors.unauthorized"));
  const id = parseId(params.id);
  // Its own keys only: `in` would also find `constructor` and the rest of Object's prototype.
  const result =
    Object.hasOwn(SERVICES, params.kind) && id !== null
      ? await SERVICES[params.kind as keyof typeof SERVICES](viewer.id, id, getLocale(context))
      : null;
  if (!result || result.status === "not_found" || result.status === "same_language")
    return jsonError(404, "not_found", t("common:translation.notFound"));
  if (result.status !== "translated") return jsonError(503, "unavailable", t("common:translation.failed"));
  return Response.json(result.translation, { headers: { "Cache-Control": "private, no-store" } });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed("GET", apiTranslator(context));
}
