import { createGroupBodySchema } from "~/lib/forms/chat";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import {
  CONVERSATION_PAGE_MAX,
  createGroup,
  listConversationPage,
  newClientMsgIdServer,
} from "~/server/chat/chat.server";
import { apiTranslator, methodNotAllowed, readJsonBody } from "~/server/http/json.server";
import type { ApiArgs } from "./api-args";
import { groupRefusal } from "./group-answer.server";

/**
 * GET /api/v2/conversation → {data: {data: [...], nextCursor}} (SPEC §7, DESIGN §6), most
 * recent first; `?cursor=<nextCursor>` pages on.
 */
export async function loader({ request, context, url }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const page = await listConversationPage(userId, {
    limit: CONVERSATION_PAGE_MAX,
    cursor: url.searchParams.get("cursor"),
  });
  return Response.json(withTimeTexts({ data: page }, await apiClock(request, context)));
}

/**
 * POST /api/v2/conversation with {title, userIds, clientKey?} → 201 {conversation} (a group,
 * decision 060); resending the same clientKey answers 200 with the same group.
 */
export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST", t);
  const actor = await requireBearerActor(request, context);
  const userId = actor.id;
  const body = await readJsonBody(request, createGroupBodySchema, t);
  if (!body.ok) return body.response;
  const { title, userIds, clientKey } = body.data;
  const result = await createGroup(actor, {
    title,
    memberIds: userIds,
    createKey: clientKey ?? newClientMsgIdServer(),
  });
  if (result.status !== "ok") return groupRefusal(result, t);
  const conversation = {
    id: result.conversationId,
    type: 1,
    title: result.title ?? title,
    participants: (result.members ?? []).filter((p) => p.userId !== userId),
  };
  return Response.json({ conversation }, { status: result.created ? 201 : 200 });
}
