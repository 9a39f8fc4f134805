import { ConversationThread } from "~/components/chat/conversation-thread";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import type { Route } from "./+types/conversation";
import { loadChatPage, sendFromPage } from "./conversation.server";

/** /chat/{id} and /chat/@{username} (SPEC §2, decision 050). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadChatPage(context.get(userContext)!.id, params.key, url);
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const formData = await readFormData(request);
  return sendFromPage(context.get(userContext)!, params.key, formData, url);
}

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const id = loaderData.conversation?.id ?? `new-${loaderData.target?.id}`;
  return <ConversationThread key={id} data={loaderData} failure={actionData ?? null} />;
}
