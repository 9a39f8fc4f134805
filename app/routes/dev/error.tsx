import { data } from "react-router";
import { getConfig } from "~/server/config.server";
import type { Route } from "./+types/error";

/**
 * Shows the error pages on demand (SPEC §2): /__dev/error throws an unexpected error (500),
 * /__dev/error?status=418 a response with that status. Only with DEV_ROUTES=true.
 */
export function loader({ url }: Route.LoaderArgs) {
  if (!getConfig().DEV_ROUTES) throw data(null, { status: 404 });
  const status = Number(url.searchParams.get("status"));
  if (Number.isInteger(status) && status >= 400 && status <= 599) throw data(null, { status });
  throw new Error("A deliberate error from /__dev/error");
}

export default function DevError() {
  return null;
}
