import { Link, NavLink } from "react-router";
import { UserAvatar } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ConversationSummary } from "~/server/chat/conversations.server";
import { useConversationName } from "./conversation-name";

export type ListedConversation = ConversationSummary & { href: string };

export { useConversationName };

/** /chat's list (SPEC §2): avatars, last message, time, unread count; most recent first. */
export function ConversationList({
  conversations,
  nextCursor,
}: {
  conversations: ListedConversation[];
  nextCursor: string | null;
}) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const nameOf = useConversationName();
  const clock = useClock();
  if (conversations.length === 0) return <p className="hint chat-empty">{t("empty")}</p>;
  return (
    <>
      <ul className="chat-conversations">
        {conversations.map((conversation) => {
          const first = conversation.participants[0];
          const name = nameOf(conversation);
          return (
            <li key={conversation.id}>
              <NavLink
                to={conversation.href}
                className={conversation.unread > 0 ? "chat-conversation chat-unread" : "chat-conversation"}
              >
                <UserAvatar
                  name={conversation.type === 0 ? first?.name : name}
                  avatar={conversation.type === 0 ? first?.avatar : "default"}
                />
                <span className="chat-conversation-text">
                  <span className="chat-conversation-name">{name}</span>
                  <span className="hint chat-conversation-last">
                    {conversation.lastMessage?.hidden
                      ? tc("blocked.hidden")
                      : (conversation.lastMessage?.content ?? t("noMessages"))}
                  </span>
                </span>
                <span className="chat-conversation-meta">
                  {conversation.lastMessage ? (
                    <When className="hint" at={conversation.lastMessage.createdAt} clock={clock} />
                  ) : null}
                  {conversation.unread > 0 ? (
                    <span
                      className="badge chat-badge"
                      role="status"
                      aria-label={t("unread", { count: conversation.unread })}
                    >
                      {conversation.unread}
                    </span>
                  ) : null}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {nextCursor ? (
        <p className="chat-more">
          <Link to={`?more=${encodeURIComponent(nextCursor)}`}>{t("moreConversations")}</Link>
        </p>
      ) : null}
    </>
  );
}
