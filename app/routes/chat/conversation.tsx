import { ChatConfirm } from "~/components/chat/chat-confirm";
import { ConversationThread } from "~/components/chat/conversation-thread";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { useTranslation } from "~/lib/i18n-lite/react";
import { getLocale } from "~/middleware/i18next";
import { translateChatMessage } from "~/server/chat/translation.server";
import { getPublicConfig } from "~/server/config.server";
import type { Route } from "./+types/conversation";
import { actOnPage, loadChatPage } from "./conversation.server";

/** /chat/{id} and /chat/@{username} (SPEC §2, decision 050). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  // "See translation" without JavaScript (decision 150): `?translate=message-{id}`. Both reads
  // start in the same turn, so they join the request's one D1 round trip (decision 104).
  const asked = url.searchParams.get("translate")?.match(/^message-(\d{1,15})$/);
  const messageId = asked ? Number(asked[1]) : null;
  const [page, translation] = await Promise.all([
    loadChatPage(viewer, params.key, url),
    messageId === null ? null : translateChatMessage(viewer.id, messageId, getLocale(context)),
  ]);
  return {
    ...page,
    canTranslate: getPublicConfig().translation,
    translation:
      messageId !== null && translation?.status === "translated" ? { messageId, ...translation.translation } : null,
    translationFailed: translation?.status === "failed",
  };
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
