import { Link, useLocation } from "react-router";
import { avatarElement } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { ConversationSummary, Participant } from "~/server/chat/conversations.server";
import { useConversationName } from "./conversation-name";

/** What a row shows, and no more (decision 216): the layout's loader sends these to the browser. */
export type ListedConversation = Pick<ConversationSummary, "id" | "type" | "title" | "unread"> & {
  participants: Pick<Participant, "name" | "avatar">[];
  lastMessage: Pick<NonNullable<ConversationSummary["lastMessage"]>, "content" | "createdAt" | "hidden"> | null;
  href: string;
};

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
                {/* The name follows in the link's text: the avatar is decoration, so the link's name says it once. */}
                {avatarElement(avatarName, conversation.type === 0 ? first?.avatar : "default", "default", null)}
                {/* The link is the row's grid (chat.css): no wrapper for the texts or the time and count.
                    The name's and the last message's direction come from their own first letters
                    (`unicode-bidi: plaintext` in chat.css, as dir=auto did for the name, decision 223). */}
                <span className="chat-conversation-name">{name}</span>
                <span className="hint chat-conversation-last">
                  {conversation.lastMessage?.hidden
                    ? tc("blocked.hidden")
                    : (conversation.lastMessage?.content ?? t("noMessages"))}
                </span>
                {conversation.lastMessage
                  ? When({ className: "hint chat-conversation-time", at: conversation.lastMessage.createdAt, clock })
                  : null}
                {/* The count is read as part of the link's name ("… 2 unread messages"), not as a live
                    region: a status per row had a screen reader announce every row (decision 236). */}
                {conversation.unread > 0 ? (
                  <>
                    <span className="badge chat-badge" aria-hidden="true">
                      {conversation.unread}
                    </span>
                    <span className="visually-hidden">{t("unread", { count: conversation.unread })}</span>
                  </>
                ) : null}
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
