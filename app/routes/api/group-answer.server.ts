import type { RouterContextProvider } from "react-router";
import { parseId } from "~/lib/forms/chat";
import type { GroupResult } from "~/server/chat/chat.server";
import type { Actor } from "~/server/users/session-user.server";
import { requireBearerActor } from "../../server/auth/bearer.server";
import { apiTranslator, jsonError, methodNotAllowed, type Translate } from "../../server/http/json.server";

/** What every group call starts with: POST only, a Bearer token, and the group's id (else 404). */
export async function groupPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
): Promise<{ t: Translate; actor: Actor; id: number } | { refused: Response }> {
  const t = apiTranslator(context);
  if (request.method !== "POST") return { refused: methodNotAllowed("POST", t) };
  const actor = await requireBearerActor(request, context);
  const id = parseId(rawId);
  if (id === null) return { refused: jsonError(404, "not_found", t("chat:errors.groupNotFound")) };
  return { t, actor, id };
}

/**
 * A group service's refusal in JSON (README, decision 060): 404 outside, 403 refused, 409 full,
 * 401 for a revoked token (decision 042).
 */
export function groupRefusal(result: Exclude<GroupResult, { status: "ok" }>, t: Translate) {
  switch (result.status) {
    case "not_found":
      return jsonError(404, "not_found", t("chat:errors.groupNotFound"));
    case "not_allowed":
      return result.names.length
        ? jsonError(403, "not_allowed", t("chat:errors.notAllowedNames", { names: result.names.join(", ") }), {
            reason: result.reason,
          })
        : jsonError(400, "invalid_request", t("chat:errors.membersRequired"));
    case "too_many":
      return jsonError(409, "group_full", t("chat:errors.tooManyMembers"));
  }
}
