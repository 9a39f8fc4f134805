import { apiTranslator, jsonError } from "~/server/http/json.server";
import type { Route } from "./+types/not-found";

/** Unknown /api/… addresses answer in JSON, like the rest of the API, not with a page. */
function notFound({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const path = new URL(request.url).pathname;
  return jsonError(404, "not_found", apiTranslator(context)("api:errors.notFound", { path }));
}

export const loader = notFound;
export const action = notFound;
