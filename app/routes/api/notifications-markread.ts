import { requireBearerActor } from "~/server/auth/bearer.server";
import { apiTranslator, jsonError } from "~/server/http/json.server";
import { markNotificationRead } from "~/server/notifications/notifications.server";
import type { ApiArgs } from "./api-args";

/**
 * GET|POST /api/v1/notifications/{oid}/markread → {unreadCount} (SPEC §7). Someone else's
 * oid is a 404 like an unknown one. GET is safe to allow: the API takes Bearer tokens only.
 */
async function markRead({ request, context, params }: ApiArgs<{ oid: string }>) {
  const result = await markNotificationRead(await requireBearerActor(request, context), params.oid);
  if (result.status === "not_found") {
    return jsonError(404, "not_found", apiTranslator(context)("common:notifications.notFound", { oid: params.oid }));
  }
  return Response.json({ unreadCount: result.unreadCount });
}

export const loader = markRead;
export const action = markRead;
