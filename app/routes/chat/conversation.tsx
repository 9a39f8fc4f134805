import { ChatConfirm } from "~/components/chat/chat-confirm";
import { ConversationThread } from "~/components/chat/conversation-thread";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Route } from "./+types/conversation";
import { actOnPage, loadChatPage } from "./conversation.server";

/** /chat/{id} and /chat/@{username} (SPEC §2, decision 050). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  return loadChatPage(context.get(userContext)!, params.key, url);
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const formData = await readFormData(request);
  return actOnPage(context.get(userContext)!, params.key, formData, url);
}

export default function ConversationPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  const id = loaderData.conversation?.id ?? `new-${loaderData.target?.id}`;
  if (actionData && "confirmDelete" in actionData) {
    return (
      <ChatConfirm
        question={t("deleteQuestion")}
        fields={{ intent: "delete", messageId: actionData.confirmDelete.messageId }}
        cancelTo={`/chat/${params.key}`}
      />
    );
  }
  const failure = actionData && "ok" in actionData ? actionData : null;
  return <ConversationThread key={id} data={loaderData} failure={failure} />;
}
