import { data } from "react-router";
import { readFormData } from "~/lib/forms/read-form.server";
import { getConfig } from "~/server/config.server";
import { runDigestsNow } from "~/server/notifications/digest-run.server";
import type { Route } from "./+types/digests";

/**
 * POST /__dev/digests (form field `at`: UTC ms, default now): runs that hour's digests here and
 * now, every job in this request, and answers what it did, how long it took and its D1 round trips
 * (also in X-D1-Round-Trips when COUNT_D1 is on). For `npm run bench -- --only digest`
 * (decision 171). Only with DEV_ROUTES=true.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!getConfig().DEV_ROUTES) throw data(null, { status: 404 });
  const form = await readFormData(request);
  const at = Number(form.get("at") ?? Date.now());
  if (!Number.isFinite(at)) return Response.json({ error: { code: "invalid_request" } }, { status: 400 });
  const started = performance.now();
  const run = await runDigestsNow(at, new URL(request.url).origin);
  return Response.json({ ...run, ms: Math.round(performance.now() - started) });
}

export function loader() {
  if (!getConfig().DEV_ROUTES) throw data(null, { status: 404 });
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
