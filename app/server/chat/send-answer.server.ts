import type { SendResult } from "~/server/chat/chat.server";
import type { Translate } from "~/server/http/json.server";
import { jsonError } from "~/server/http/json.server";

/** A send's answer in JSON, for the page's JavaScript and the Bearer API alike. */
export function sendAnswer(result: SendResult, t: Translate) {
  switch (result.status) {
    case "ok":
      return Response.json({ message: result.message }, { status: result.created ? 201 : 200 });
    case "not_found":
      return jsonError(404, "not_found", t("chat:errors.notFound"));
    case "not_allowed":
      return jsonError(403, "not_allowed", t("chat:errors.notAllowed"));
    case "conflict":
      return jsonError(409, "client_msg_id_conflict", t("chat:errors.conflict"));
    case "revoked":
      // A token revoked by logout or deletion (decision 042): as the API answers it.
      return jsonError(401, "invalid_token", t("api:errors.tokenInvalid"), {
        headers: { "WWW-Authenticate": `Bearer realm="schoolhub", error="invalid_token"` },
      });
  }
}
