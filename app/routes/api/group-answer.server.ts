import type { GroupResult } from "~/server/chat/chat.server";
import { jsonError, type Translate } from "./json.server";

/** A group service's refusal in JSON (README, decision 060): 404 outside, 403 refused, 409 full. */
export function groupRefusal(result: Exclude<GroupResult, { status: "ok" }>, t: Translate) {
  switch (result.status) {
    case "not_found":
      return jsonError(404, "not_found", t("chat:errors.groupNotFound"));
    case "not_allowed":
      return result.names.length
        ? jsonError(403, "not_allowed", t("chat:errors.notAllowedNames", { names: result.names.join(", ") }))
        : jsonError(400, "invalid_request", t("chat:errors.membersRequired"));
    case "too_many":
      return jsonError(409, "group_full", t("chat:errors.tooManyMembers"));
  }
}
