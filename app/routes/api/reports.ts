import { apiReportSchema } from "~/lib/forms/content";
import { requireBearerActor, revokedToken } from "~/server/auth/bearer.server";
import { report } from "~/server/content/reports.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { Route } from "./+types/reports";
import { postNotFound } from "./content-json.server";

/**
 * POST /api/v1/reports {targetType: post|comment, targetId, reason} → 201 {reported: true}: to
 * the community's managers (decision 046); 404 for what the caller may not see.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, apiReportSchema, t);
  if (!body.ok) return body.response;
  const done = await report(actor, { type: body.data.targetType, id: body.data.targetId }, body.data.reason);
  if (done === "revoked") return revokedToken(context);
  if (!done) return postNotFound(t);
  return Response.json({ reported: true }, { status: 201 });
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
