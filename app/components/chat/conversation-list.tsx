import { Link, useLocation } from "react-router";
import { avatarElement } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { ConversationSummary } from "~/server/chat/conversations.server";
import { useConversationName } from "./conversation-name";

export type ListedConversation = ConversationSummary & { href: string };

export { useConversationName };

/**
 * /chat's list (SPEC §2): avatars, last message, time, unread count; most recent first. Beside
 * every conversation's page too (the layout's list): 30 items at scale 1, so each is plain markup
 * (decision 205): <a> sent through the router by one `useLinkClicks`, the open conversation
 * marked from one reading of the location (as <NavLink> would: `active`, `aria-current`), the
 * avatar and time as functions.
 */
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
  const onClick = useLinkClicks();
  const here = useLocation()
    .pathname.toLowerCase()
    .replace(/(.)\/$/, "$1");
  if (conversations.length === 0) return <p className="hint chat-empty">{t("empty")}</p>;
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks */}
      <ul className="chat-conversations" onClick={onClick}>
        {conversations.map((conversation, index) => {
          const first = conversation.participants[0];
          const name = nameOf(conversation);
          const path = conversation.href.replace(/#.*/, "").toLowerCase();
          const active = here === path || here.startsWith(`${path}/`);
          const avatarName = conversation.type === 0 ? first?.name : name;
          return (
            <li key={conversation.id}>
              <a
                href={conversation.href}
                className={`chat-conversation${conversation.unread > 0 ? " chat-unread" : ""}${active ? " active" : ""}`}
                aria-current={active ? "page" : undefined}
                data-discover={index === 0 ? true : undefined}
              >
                {avatarElement(
                  avatarName,
                  conversation.type === 0 ? first?.avatar : "default",
                  "default",
                  avatarName || tc("unknownUser"),
                )}
                <span className="chat-conversation-text">
                  <span className="chat-conversation-name" dir="auto">
                    {name}
                  </span>
                  <span className="hint chat-conversation-last">
                    {conversation.lastMessage?.hidden
                      ? tc("blocked.hidden")
                      : (conversation.lastMessage?.content ?? t("noMessages"))}
                  </span>
                </span>
                <span className="chat-conversation-meta">
                  {conversation.lastMessage
                    ? When({ className: "hint", at: conversation.lastMessage.createdAt, clock })
                    : null}
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
              </a>
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
