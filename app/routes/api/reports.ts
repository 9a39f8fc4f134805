import { apiAnyReportSchema } from "~/lib/forms/moderation";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { report } from "~/server/content/reports.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { reportDirect } from "~/server/moderation/direct-reports.server";
import type { ApiArgs } from "./api-args";
import { postNotFound } from "./content-json.server";

/**
 * POST /api/v1/reports {targetType: post|comment|message|mail|user, targetId, reason} → 201
 * {reported: true}: a post or comment to its community's managers (decision 046), a chat message
 * ("message"), an inbox message ("mail") or a person ("user") to the operators (decision 186);
 * 404 for what the caller may not see (or their own message, or themselves).
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, apiAnyReportSchema, t);
  if (!body.ok) return body.response;
  const { targetType: type, targetId: id, reason } = body.data;
  const done =
    type === "post" || type === "comment"
      ? await report(actor, { type, id }, reason)
      : await reportDirect(actor, { type, id }, reason);
  if (!done) return postNotFound(t);
  return Response.json({ reported: true }, { status: 201 });
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
