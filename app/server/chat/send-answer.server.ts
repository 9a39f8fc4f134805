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
      return jsonError(403, "not_allowed", t(`chat:refusals.${result.reason}`), { reason: result.reason });
    case "conflict":
      return jsonError(409, "client_msg_id_conflict", t("chat:errors.conflict"));
  }
}
