import { blockApiSchema } from "~/lib/forms/block";
import { parseUserId } from "~/lib/forms/friend";
import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import { type BlockResult, blockUser, listBlocked, unblockUser } from "~/server/friends/blocks.server";
import { apiTranslator, jsonError, methodNotAllowed, readJsonBody, type Translate } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * The block list over the API (decision 160):
 *   GET /api/v2/blocks               → {blocked: [{id, name, username, avatar, since}]}
 *   POST /api/v2/blocks {userId}     → {blocked: {id, name}}
 *   DELETE /api/v2/blocks/{userId}   → {unblocked: {id, name}}
 */
function avatarFor(avatar: string, origin: string) {
  return avatar.startsWith("/") ? `${origin}${avatar}` : avatar;
}

function answer(result: BlockResult, key: "blocked" | "unblocked", t: Translate, id: unknown) {
  if (result.status === "ok") return Response.json({ [key]: { id: result.user.id, name: result.user.name } });
  if (result.status === "self") return jsonError(400, "self", t("friends:block.self"));
  return jsonError(404, "user_not_found", t("friends:warnings.notFound", { id: String(id) }));
}

export async function loader({ request, context, params }: ApiArgs<{ userId?: string }>) {
  if (params.userId !== undefined) return methodNotAllowed("DELETE", apiTranslator(context));
  const viewerId = await requireBearerUser(request, context);
  const origin = new URL(request.url).origin;
  const blocked = await listBlocked(viewerId);
  return Response.json({ blocked: blocked.map((person) => ({ ...person, avatar: avatarFor(person.avatar, origin) })) });
}

export async function action({ request, context, params }: ApiArgs<{ userId?: string }>) {
  const t = apiTranslator(context);
  if (params.userId !== undefined) {
    if (request.method !== "DELETE") return methodNotAllowed("DELETE", t);
    const viewer = await requireBearerActor(request, context);
    const targetId = parseUserId(params.userId);
    if (targetId === null) return answer({ status: "not_found" }, "unblocked", t, params.userId);
    return answer(await unblockUser(viewer, targetId), "unblocked", t, targetId);
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST", t);
  const viewer = await requireBearerActor(request, context);
  const body = await readJsonBody(request, blockApiSchema, t);
  if (!body.ok) return body.response;
  return answer(await blockUser(viewer, body.data.userId), "blocked", t, body.data.userId);
}
