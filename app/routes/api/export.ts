import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import { getExport, openExport, requestExport } from "~/server/exports/exports.server";
import { apiTranslator, jsonError, methodNotAllowed } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * The data export over the API (decision 162):
 *   POST /api/v2/export        → 202 {export: {id, status, …}} (200 with the one under way)
 *   GET  /api/v2/export/{id}   → {export, data?}: `data` is every kind as JSON once ready;
 *                                with `Accept: application/zip`, the ZIP itself.
 */
export async function action({ request, context, params }: ApiArgs<{ id?: string }>) {
  const t = apiTranslator(context);
  if (params.id !== undefined || request.method !== "POST") return methodNotAllowed(params.id ? "GET" : "POST", t);
  const actor = await requireBearerActor(request, context);
  const { export: made, created } = await requestExport(actor);
  return Response.json({ export: made }, { status: created ? 202 : 200 });
}

export async function loader({ request, context, params }: ApiArgs<{ id?: string }>) {
  const t = apiTranslator(context);
  if (params.id === undefined) return methodNotAllowed("POST", t);
  const viewerId = await requireBearerUser(request, context);
  const notFound = () => jsonError(404, "export_not_found", t("settings:export.notFound"));
  if (!/^[0-9a-f-]{36}$/.test(params.id)) return notFound();
  const found = await getExport(viewerId, params.id);
  if (!found) return notFound();
  if (found.status !== "ready") return Response.json({ export: found });
  if (request.headers.get("Accept")?.includes("application/zip")) {
    const zip = await openExport(viewerId, found.id, "zip");
    if (!zip) return notFound();
    return new Response(zip.body, {
      headers: { "Content-Type": "application/zip", "Cache-Control": "private, no-store" },
    });
  }
  const json = await openExport(viewerId, found.id, "json");
  if (!json) return notFound();
  return Response.json({ export: found, data: await json.json() });
}
