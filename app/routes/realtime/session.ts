import { userContext } from "~/context";
import type { Route } from "./+types/session";

/**
 * GET /realtime/session: the browser calls it before reconnecting the realtime socket. The
 * auth middleware has already run, so an expired access token was renewed into the cookie
 * (a 101 upgrade cannot set cookies). 401 means signed out: stop reconnecting.
 */
export function loader({ context }: Route.LoaderArgs) {
  const status = context.get(userContext) ? 204 : 401;
  return new Response(null, { status, headers: { "Cache-Control": "no-store" } });
}
