import { useReducer } from "react";
import { useRouteLoaderData } from "react-router";
import { useConversationName } from "~/components/chat/conversation-name";
import { useLiveConversations } from "~/components/chat/use-live-conversations";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useRootData } from "~/root";
import type { loader as conversationLoader } from "~/routes/chat/conversation";
import { UnreadMenu } from "./header-menu";

export type ConversationItem = {
  id: number;
  type: number;
  title: string | null;
  href: string;
  participants: { userId: number; username: string | null; name: string }[];
  lastMessage: { content: string; createdAt: number; hidden?: boolean } | null;
  unread: number;
};

/**
 * SPEC §2 conversations dropdown: recent conversations, each a link, and "View all Conversations"
 * (/chat). The list is made when the menu first opens, with JavaScript (decision 227): not sent
 * with every page. Without JavaScript the menu leads to /chat, the page that lists them all; an
 * empty list says so on the server too. Live with JavaScript (useChatUnread).
 */
export function ConversationsMenu({ conversations, unread }: { conversations: ConversationItem[]; unread: number }) {
  const { t } = useTranslation();
  // Set once, on the first opening, and kept: the list then follows the live conversations.
  const [listed, list] = useReducer(() => true, false);
  return (
    <UnreadMenu area="conversations" icon="chat" unread={unread} onOpen={list}>
      <p className="menu-heading">{t("conversations.label")}</p>
      {conversations.length === 0 ? (
        <p className="hint conversations-empty">{t("conversations.empty")}</p>
      ) : listed ? (
        <ConversationList conversations={conversations} />
      ) : null}
      <p className="menu-footer">
        {/* The sidebar's Conversations tells the router of /chat. */}
        <a href="/chat">{t("conversations.viewAll")}</a>
      </p>
    </UnreadMenu>
  );
}

function ConversationList({ conversations }: { conversations: ConversationItem[] }) {
  const { t } = useTranslation();
  const nameOf = useConversationName();
  return (
    <ul className="conversations-list">
      {conversations.map((conversation, index) => (
        <li key={conversation.id}>
          {/* Plain links the header's handler sends through the router (decision 218). All lead
              to one route: the first tells the router of it (decision 203). */}
          <a
            className={conversation.unread > 0 ? "conversation conversation-unread" : "conversation"}
            href={conversation.href}
            data-discover={index === 0 ? "true" : undefined}
          >
            <span className="conversation-title">{nameOf(conversation)}</span>
            <span className="hint">
              {conversation.lastMessage?.hidden
                ? t("blocked.hidden")
                : (conversation.lastMessage?.content ?? t("conversations.noMessages"))}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's conversations kept live, and their unread total: what the dropdown and the
 * navigation's badges (decision 123) show.
 */
export function useChatUnread<T extends ConversationItem>(initial: T[]) {
  const live = useLiveConversations(initial, useRootData()?.user?.id);
  // The conversation on screen is read: its page's loader marks it so, but the root loader runs
  // beside that loader and may have counted it unread a moment before.
  const openId = useOpenConversationId();
  const conversations = openId === null ? live : live.map((c) => (c.id === openId ? { ...c, unread: 0 } : c));
  const unread = conversations.reduce((sum, conversation) => sum + conversation.unread, 0);
  return { conversations, unread };
}

/** The id of the conversation whose page is open (routes/chat/conversation.tsx), or null. */
function useOpenConversationId() {
  return useRouteLoaderData<typeof conversationLoader>("routes/chat/conversation")?.conversation?.id ?? null;
}
