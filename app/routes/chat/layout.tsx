import { Link, Outlet, useLocation } from "react-router";
import { ConversationList, type ListedConversation } from "~/components/chat/conversation-list";
import { useLiveConversations } from "~/components/chat/use-live-conversations";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import chat from "~/locales/en/chat.json";
import { getInstance } from "~/middleware/i18next";
import { type ConversationSummary, conversationHref, listConversationPage } from "~/server/chat/chat.server";
import stylesheet from "~/styles/chat.css?url";
import type { Route } from "./+types/layout";

registerNamespace("chat", chat);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * /chat and everything under it (SPEC §2): the conversation list beside the open
 * conversation on a wide screen, one at a time on a phone (chat.css). `?more=` pages the list.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  // Named as the header's menu names them (`menu`): a titled group by its title, so its members
  // are neither read nor sent (decision 216); the API's list still carries them.
  const page = await listConversationPage(viewer.id, { cursor: url.searchParams.get("more"), menu: true });
  return {
    metaTitle: getInstance(context).t("chat:metaTitle"),
    viewerId: viewer.id,
    // The dropdown sends groups to /chat (SPEC §2); here they open themselves, at the first
    // unread message when there is one, without JavaScript too (decision 122).
    // Only what the list shows goes to the browser (decision 216): the people's names and avatars,
    // the last message's text and time; no ids, usernames or activity times it never reads.
    conversations: page.data.map(
      (conversation): ListedConversation => ({
        id: conversation.id,
        type: conversation.type,
        title: conversation.title,
        participants: conversation.participants.map(({ name, avatar }) => ({ name, avatar })),
        lastMessage: conversation.lastMessage && shownLast(conversation.lastMessage),
        unread: conversation.unread,
        href: `${conversation.type === 0 ? conversationHref(conversation) : `/chat/${conversation.id}`}${conversation.unread > 0 ? "#unread" : ""}`,
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

function shownLast({ content, createdAt, hidden }: NonNullable<ConversationSummary["lastMessage"]>) {
  return hidden ? { content, createdAt, hidden } : { content, createdAt };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function ChatLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("chat");
  // Anything under /chat (a conversation, a group's page, "New group") takes the pane.
  const open = useLocation().pathname.replace(/\/$/, "") !== "/chat";
  const conversations = useLiveConversations(loaderData.conversations, loaderData.viewerId);
  return (
    <main id="main" className={open ? "chat chat-open" : "chat"}>
      <section className="chat-list" aria-labelledby="chat-heading">
        <div className="chat-list-head">
          {/* One <h1> a page (decision 125): the open pane's title, else this list's. */}
          {open ? <h2 id="chat-heading">{t("heading")}</h2> : <h1 id="chat-heading">{t("heading")}</h1>}
          <Link to="/chat/new" className="button chat-new">
            {t("group.new")}
          </Link>
        </div>
        <ConversationList conversations={conversations} nextCursor={loaderData.nextCursor} />
      </section>
      <section className="chat-pane">
        <Outlet />
      </section>
    </main>
  );
}
