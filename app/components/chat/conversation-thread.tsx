import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { UserAvatar } from "~/components/layout/user-avatar";
import { MESSAGE_MAX_LENGTH, newClientMsgId } from "~/lib/chat-limits";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownTranslation } from "~/lib/translation";
import { useRealtimeEvent, useRealtimeReconnect } from "~/realtime/use-realtime";
import type { loadChatPage } from "~/routes/chat/conversation.server";
import { fetchMessages, markRead, postMessage } from "./chat-client";
import { ChatPaneHeader } from "./chat-pane-header";
import { useConversationName } from "./conversation-list";
import { MessageList } from "./message-list";
import { ChatPersonMenu } from "./person-menu";
import { messageCursorOf, useChatMessages } from "./use-chat-messages";
import { useChatOutbox } from "./use-chat-outbox";

type PageData = Awaited<ReturnType<typeof loadChatPage>> & {
  canTranslate?: boolean;
  translation?: ({ messageId: number } & ShownTranslation) | null;
  translationFailed?: boolean;
};

const NO_MESSAGES: never[] = [];

/**
 * One conversation: messages oldest to newest, the newest 50 first (decision 050), earlier
 * ones by a link (no JS) or on scrolling up (JS, keeping the scroll position), and the
 * composer. With JavaScript a send shows at once as "Sending…", the server's copy replaces
 * it by clientMsgId, a failure stays with Retry; frames from the socket keep it live and a
 * reconnect fetches what was missed by cursor.
 */
export function ConversationThread({ data, failure }: { data: PageData; failure: FormFailure | null }) {
  const { t } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const nameOf = useConversationName();
  const conversation = data.conversation;
  const conversationId = conversation?.id ?? null;
  const { messages, pending, add, queue, fail } = useChatMessages(conversation?.messages ?? NO_MESSAGES);
  const [members, setMembers] = useState(conversation?.members ?? []);
  const [earlier, setEarlier] = useState(conversation?.earlierCursor ?? null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const [readUpTo] = useState(conversation?.readUpTo ?? null);
  const navigation = useNavigation();
  const location = useLocation();
  const holdForLater = useChatOutbox(conversationId, data.viewerId, { add, queue, fail });
  // A group's members change (decision 060): the loader's list wins when it reloads.
  useEffect(() => {
    if (conversation?.members) setMembers(conversation.members);
  }, [conversation?.members]);

  const others = members.filter((m) => m.userId !== data.viewerId);
  const title = conversation
    ? nameOf({
        type: conversation.type,
        title: conversation.title,
        participants: others.map((m) => ({ ...m, name: m.name })),
      })
    : data.target?.name || tc("unknownUser");
  const avatarOf = conversation?.type === 0 ? others[0] : data.target;
  // A direct chat's other person can be blocked from here (decision 160).
  const direct = conversation?.type === 0 ? others[0] : undefined;
  // A parent reading their child's conversation (decision 185) reads only: no menu, back to Family.
  const parentReading = data.refusal === "parent_read_only";
  const blockable = parentReading
    ? null
    : direct?.available
      ? { id: direct.userId, name: direct.name }
      : !conversation && data.target
        ? { id: data.target.id, name: data.target.name }
        : null;

  // The scroller is bottom-anchored by CSS (column-reverse, decision 122): it opens at the newest
  // message, earlier ones load above without moving what is on screen, and new ones stay in view
  // at the bottom. Opened with unread messages, the first of them is put at the top instead.
  useLayoutEffect(() => {
    const element = scroller.current;
    const unread = element?.querySelector<HTMLElement>("#unread");
    if (!element || !unread) return;
    const top = unread.getBoundingClientRect().top - element.getBoundingClientRect().top;
    if (top < 0) element.scrollTop += top - 8;
  }, []);
  // My own message goes to the bottom, wherever I had scrolled.
  useLayoutEffect(() => {
    if (pending.length > 0 && scroller.current) scroller.current.scrollTop = 0;
  }, [pending.length]);

  useRealtimeEvent("message", (message) => {
    if (message.conversationId !== conversationId) return;
    add([message]);
    if (message.senderId !== data.viewerId && document.visibilityState === "visible") void markRead(conversationId);
  });
  useRealtimeEvent("conversationSeen", (seen) => {
    if (seen.conversationId !== conversationId) return;
    setMembers((list) => list.map((m) => (m.userId === seen.userId ? { ...m, lastReadAt: seen.lastReadAt } : m)));
  });
  useRealtimeReconnect(async () => {
    if (conversationId === null) return;
    // Gap-fill (DESIGN §1): everything after the newest message held, page by page.
    let after = messageCursorOf(messages.at(-1));
    for (let page = 0; page < 10; page++) {
      const result = await fetchMessages(conversationId, after ? { after } : {}).catch(() => null);
      if (!result || result.messages.length === 0) break;
      add(result.messages);
      if (!after) break;
      after = messageCursorOf(result.messages.at(-1));
    }
  });

  async function loadEarlier(event?: React.MouseEvent) {
    if (conversationId === null || !earlier || loadingEarlier) return;
    event?.preventDefault();
    setLoadingEarlier(true);
    const result = await fetchMessages(conversationId, { before: earlier }).catch(() => null);
    setLoadingEarlier(false);
    if (!result) return;
    add(result.messages);
    setEarlier(result.earlierCursor);
  }

  async function send(clientMsgId: string, content: string) {
    if (conversationId === null) return;
    const offline = !navigator.onLine;
    queue({ clientMsgId, content, createdAt: Date.now(), failed: false, waiting: offline });
    // Offline, it waits on the device and goes when the connection returns (decision 132).
    if (offline) return holdForLater(clientMsgId, content);
    try {
      add([await postMessage(conversationId, content, clientMsgId)]);
    } catch (error) {
      // A network failure (fetch's TypeError) waits too; a refusal keeps its Retry.
      if (error instanceof TypeError) await holdForLater(clientMsgId, content);
      else fail(clientMsgId, true);
    }
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // The first message to someone starts the chat through the plain form (PRG).
    if (conversationId === null) return;
    event.preventDefault();
    const form = event.currentTarget;
    const content = String(new FormData(form).get("content") ?? "").trim();
    if (!content || content.length > MESSAGE_MAX_LENGTH) return;
    form.reset();
    // The box stays ready for the next message (decision 122).
    composer.current?.focus();
    void send(newClientMsgId(), content);
  }

  // Enter sends where there is a keyboard to type Shift+Enter on; a phone's Enter adds a line
  // and its Send button sends (decision 122).
  function onKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!matchMedia("(hover: hover) and (pointer: fine)").matches) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  const fieldError = failure?.fieldErrors.content?.[0] ?? failure?.formError;
  const group = conversation?.type === 1;
  return (
    <article className="chat-thread" aria-labelledby="chat-title">
      <ChatPaneHeader
        titleId="chat-title"
        title={title}
        back={
          parentReading ? { to: "/profile/family", label: t("backToFamily") } : { to: "/chat", label: t("backToList") }
        }
        avatar={
          <UserAvatar
            name={group ? title : avatarOf?.name}
            avatar={group ? "default" : avatarOf?.avatar}
            size="small"
          />
        }
      >
        {group && conversation ? (
          <Link to={`/chat/${conversation.id}/group`} className="chat-group-link">
            {t("group.memberCount", { count: members.length })}
          </Link>
        ) : null}
        {blockable ? <ChatPersonMenu user={blockable} blocked={others[0]?.blocked ?? false} /> : null}
      </ChatPaneHeader>
      {data.parentsSee ? (
        <p className="chat-notice" role="note" data-testid="chat-parents-see">
          {t("parentsSee")}
        </p>
      ) : null}
      <div
        className="chat-scroller"
        ref={scroller}
        onScroll={(event) => {
          // Bottom-anchored: scrollTop is 0 at the newest message and negative above it.
          const element = event.currentTarget;
          if (element.scrollHeight - element.clientHeight + element.scrollTop < 40) void loadEarlier();
        }}
      >
        <div className="chat-scroller-content">
          {earlier ? (
            <p className="chat-earlier">
              <Link to={`?before=${encodeURIComponent(earlier)}`} onClick={loadEarlier} preventScrollReset>
                {loadingEarlier ? t("loadingEarlier") : t("loadEarlier")}
              </Link>
            </p>
          ) : null}
          {messages.length === 0 && pending.length === 0 ? (
            <p className="hint chat-start">{t("startWith", { name: title })}</p>
          ) : (
            <MessageList
              messages={messages}
              pending={pending}
              members={members}
              viewerId={data.viewerId}
              group={group}
              onRetry={(message) => void send(message.clientMsgId, message.content)}
              deleteAction={location.pathname}
              onDelete={(message) => add([{ ...message, disposition: 1 }])}
              readUpTo={readUpTo}
              canTranslate={data.canTranslate}
              pageTranslation={data.translation}
            />
          )}
          {data.before ? (
            <p className="chat-newer">
              <Link to=".">{t("newer")}</Link>
            </p>
          ) : null}
        </div>
      </div>
      {!data.mayWrite && data.refusal && data.refusal !== "not_a_contact" ? (
        <p className="hint" data-testid="chat-refusal">
          {t(`refusals.${data.refusal}`)}
        </p>
      ) : null}
      {data.mayWrite ? (
        <Form method="post" className="chat-composer" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="clientMsgId" value={data.clientMsgId} />
          {data.target ? <input type="hidden" name="to" value={data.target.id} /> : null}
          <label htmlFor="chat-content" className="visually-hidden">
            {t("messageLabel")}
          </label>
          <textarea
            ref={composer}
            onKeyDown={onKeyDown}
            id="chat-content"
            name="content"
            rows={2}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={failure?.values.content ?? ""}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "chat-content-error" : undefined}
          />
          <button type="submit" disabled={navigation.state === "submitting"}>
            {t("send")}
          </button>
          {fieldError ? (
            <p id="chat-content-error" className="field-error" role="alert">
              {tc(fieldError as never)}
            </p>
          ) : null}
        </Form>
      ) : parentReading ? null : (
        <p className="chat-refusal" role="note">
          {data.target && !data.target.name ? t("cannotMessageGone") : t("cannotMessage", { name: title })}
        </p>
      )}
    </article>
  );
}
