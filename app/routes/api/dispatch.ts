import { apiTranslator, jsonError } from "~/server/http/json.server";
import type { Route } from "./+types/dispatch";
import { matchApiRoute } from "./table.server";

/**
 * Every address under /api/ (decision 232): the API's table finds the module and its parameters,
 * GET and HEAD go to its loader, other methods to its action. The root's middleware (session and
 * Bearer auth, language) has run as for any route. Unknown addresses answer in JSON, like the rest
 * of the API, not with a page.
 */
function dispatch(kind: "loader" | "action", args: Route.LoaderArgs | Route.ActionArgs) {
  const { context, url } = args;
  const found = matchApiRoute(url.pathname.replace(/^\/api(\/|$)/i, ""));
  if (!found) return jsonError(404, "not_found", apiTranslator(context)("api:errors.notFound", { path: url.pathname }));
  return found.entry.module[kind]({ ...args, params: found.params, pattern: `/api/${found.entry.path}` });
}

export const loader = (args: Route.LoaderArgs) => dispatch("loader", args);
export const action = (args: Route.ActionArgs) => dispatch("action", args);
