import { useTranslation } from "~/lib/i18n-lite/react";
import type { ConversationSummary, Participant } from "~/server/chat/conversations.server";

/**
 * A conversation's name: the group's title, or the other people's names ("Unknown User" when
 * gone). Its own module: the header's conversations menu, on every signed-in page, names
 * conversations as /chat does without loading /chat's list (decision 125).
 */
export function useConversationName() {
  const { t } = useTranslation();
  return (
    conversation: Pick<ConversationSummary, "type" | "title"> & { participants: Pick<Participant, "name">[] },
  ) => {
    if (conversation.type !== 0 && conversation.title) return conversation.title;
    const names = conversation.participants.map((p) => p.name || t("unknownUser"));
    return names.join(", ") || t("unknownUser");
  };
}
