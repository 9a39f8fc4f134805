import { apiMembershipSchema, parseId } from "~/lib/forms/communities";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { changeMembership } from "~/server/communities/membership.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v1/communities/{id}/membership {intent: join|request|cancel|leave|accept|decline}
 * → {status, name}: the community page's membership forms (decision 045). A refusal (an
 * invitation-only community, the last owner leaving) is 403 with its status as the code.
 */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, apiMembershipSchema, t);
  if (!body.ok) return body.response;
  const id = parseId(params.id);
  const result = id === null ? { status: "not_found" as const } : await changeMembership(actor, id, body.data.intent);
  if (result.status === "not_found") return jsonError(404, "not_found", t("communities:errors.notFound"));
  const message = t(`communities:toasts.${result.status}`, { name: result.name });
  if (result.status === "not_allowed" || result.status === "last_owner") {
    return jsonError(403, result.status, message);
  }
  return Response.json({ status: result.status, name: result.name, message });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST", apiTranslator(context));
}
