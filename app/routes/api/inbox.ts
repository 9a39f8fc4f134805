import { boxSchema } from "~/lib/forms/inbox";
import { apiClock, withTimeTexts } from "~/server/auth/api-clock.server";
import { requireBearerActor, requireBearerUser } from "~/server/auth/bearer.server";
import { apiTranslator, methodNotAllowed } from "~/server/http/json.server";
import { listBox } from "~/server/inbox/inbox.server";
import type { ApiArgs } from "./api-args";
import { sendFromApi } from "./inbox-api.server";

/**
 * GET /api/v2/inbox?box=inbox|sent&cursor= → {data: {box, data: [...], nextCursor, unreadCount}},
 * newest first. POST sends a message (JSON, or multipart with `files`): see README "API".
 */
export async function loader({ request, context, url }: ApiArgs) {
  const userId = await requireBearerUser(request, context);
  const box = boxSchema.parse(url.searchParams.get("box") ?? "inbox");
  return Response.json(
    withTimeTexts(
      { data: await listBox(userId, box, url.searchParams.get("cursor")) },
      await apiClock(request, context),
    ),
  );
}

export async function action({ request, context }: ApiArgs) {
  const t = apiTranslator(context);
  if (request.method !== "POST") return methodNotAllowed("GET, POST", t);
  return sendFromApi(request, await requireBearerActor(request, context), t);
}
