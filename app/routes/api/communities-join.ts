import { z } from "zod";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import { joinWithSecret } from "~/server/invitations/invites.server";
import { joinFailure } from "~/server/invitations/join-answer.server";
import type { ApiArgs } from "./api-args";

const joinSchema = z.object({ code: z.string().trim().min(1).max(32) });

/**
 * POST /api/v1/communities/join {code} → {status: "joined", id, name} (decision 155). A wrong,
 * expired or rotated code is 404 "invalid_code" whatever exists; too many tries are 429; a
 * person the community banned is 403 "not_allowed".
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("POST", t);
  const actor = await requireBearerActor(request, context);
  const body = await readJsonBody(request, joinSchema, t);
  if (!body.ok) return body.response;
  const result = await joinWithSecret(actor, { code: body.data.code }, clientAddress(request));
  if (result.status === "joined") {
    return Response.json({
      status: "joined",
      id: result.communityId,
      name: result.name,
      message: t("invitations:join.joined", { name: result.name }),
    });
  }
  const failure = joinFailure(result, false);
  const message = t(failure.key as "invitations:join.wrong", failure.values);
  if (result.status === "limited") {
    return jsonError(429, "too_many_tries", message, { headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  if (result.status === "banned") return jsonError(403, "not_allowed", message);
  return jsonError(404, "invalid_code", message);
}

export function loader({ context }: ApiArgs) {
  return methodNotAllowed("POST", apiTranslator(context));
}
