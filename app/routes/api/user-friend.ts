import { z } from "zod";
import { parseUserId } from "~/lib/forms/friend";
import { apiUserInfo } from "~/routes/api/viewer.server";
import { requireBearerActor } from "~/server/auth/bearer.server";
import { PROBLEMS } from "~/server/friends/friend-answers.server";
import { type FriendResult, removeFriendRelation, sendFriendRequest } from "~/server/friends/friends.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";

/**
 * POST /api/v1/user/{id}/friend (empty body) sends a request, or accepts theirs;
 * DELETE cancels the caller's request, declines theirs, or unfriends (decision 022).
 * Both answer {userInfo} as the caller now sees the user (SPEC §7, §4). Refusals are
 * `{error: {code, message}, userInfo}` with SPEC §5/§8's texts.
 */
export async function action({ request, context, params }: ApiArgs<{ id: string }>) {
  const t = apiTranslator(context);
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE", t);
  const viewer = await requireBearerActor(request, context);
  // The body is empty by SPEC; `{}` is accepted too, anything else is a 400.
  const body = await readJsonBody(request, z.object({}).strict(), t);
  if (!body.ok) return body.response;
  const targetId = parseUserId(params.id);
  const origin = new URL(request.url).origin;
  const result: FriendResult =
    targetId === null
      ? { status: "not_found" }
      : request.method === "POST"
        ? await sendFriendRequest(viewer, targetId)
        : await removeFriendRelation(viewer, targetId);

  if (result.status === "ok") return Response.json({ userInfo: apiUserInfo(result.user, origin) });
  const problem = PROBLEMS[result.status];
  const values = "user" in result ? { name: result.user.name } : { id: params.id };
  const error = { code: problem.code, message: t(problem.key, values) };
  return Response.json("user" in result ? { error, userInfo: apiUserInfo(result.user, origin) } : { error }, {
    status: problem.status,
  });
}

export function loader({ context }: ApiArgs<{ id: string }>) {
  return methodNotAllowed("POST, DELETE", apiTranslator(context));
}
