import { type MouseEvent, useState } from "react";
import { useLocation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { HiddenByBlock } from "~/components/friends/block-control";
import { iconClass } from "~/components/icons";
import { avatarElement } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { ShownTranslation } from "~/lib/translation";
import type { ChatMember, ShownMessage } from "~/server/chat/messages.server";
import { TranslationToggle, translationIn } from "../translation/translation-toggle";
import { continuesRun } from "./message-runs";
import { MessageText } from "./message-text";
import type { PendingMessage } from "./use-chat-messages";

/**
 * The read receipt under the viewer's last message (docs/decisions/052-read-receipts.md):
 * "Seen" in a direct chat once the other person read it, "Seen by N" in a group.
 */
export function receiptFor(message: ShownMessage | undefined, members: ChatMember[], viewerId: number, group: boolean) {
  if (!message) return null;
  const readers = members.filter((m) => m.userId !== viewerId && m.lastReadAt >= message.createdAt).length;
  if (readers === 0) return null;
  return group ? { key: "seenBy" as const, count: readers } : { key: "seen" as const, count: readers };
}

/** Icons drawn by the controls' own ::before: no element each (decision 216). */
const trashButton = `chat-delete-button ${iconClass("trash")}`;
const reportLink = `chat-report ${iconClass("flag")}`;

export function MessageList({
  messages,
  pending,
  members,
  viewerId,
  group,
  onRetry,
  deleteAction,
  onDelete,
  readUpTo,
  canTranslate = false,
  pageTranslation = null,
}: {
  messages: ShownMessage[];
  pending: PendingMessage[];
  members: ChatMember[];
  viewerId: number;
  group: boolean;
  onRetry: (message: PendingMessage) => void;
  /** Where the delete form posts (the page itself); its action asks first without JavaScript. */
  deleteAction: string;
  /** The confirmed delete is on its way: drop the message at once. */
  onDelete: (message: ShownMessage) => void;
  /** The viewer's read mark when the page opened: the first message after it is `#unread`. */
  readUpTo: number | null;
  /** "See translation" under messages in another language (decision 150). */
  canTranslate?: boolean;
  /** The message the page was opened translated (`?translate=message-{id}`, without JavaScript). */
  pageTranslation?: (ShownTranslation & { messageId: number }) | null;
}) {
  const { t } = useTranslation("chat");
  const { t: tc, i18n } = useTranslation();
  const { t: withCommon } = useTranslation(["chat", "common"]);
  // Translations fetched here, by "message-{id}" (decision 150); "original" where the reader went back.
  const [asked, setAsked] = useState<Record<string, ShownTranslation | "original">>({});
  const translations = pageTranslation
    ? { [`message-${pageTranslation.messageId}`]: pageTranslation, ...asked }
    : asked;
  // The Report links are plain <a> (decision 205): sent through the router from here.
  const onLinkClick = useLinkClicks();
  function onClick(click: MouseEvent<HTMLElement>) {
    const link = (click.target as Element).closest<HTMLAnchorElement>("a[data-translate], a[data-original]");
    if (!link) return onLinkClick(click);
    if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    click.preventDefault();
    const item = link.dataset.translate ?? link.dataset.original ?? "";
    if (link.dataset.original !== undefined) {
      setAsked((all) => ({ ...all, [item]: "original" }));
      return;
    }
    fetch(`/translation/message/${item.slice("message-".length)}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<ShownTranslation>) : Promise.reject()))
      .then(
        (shown) => setAsked((all) => ({ ...all, [item]: { text: shown.text, from: shown.from } })),
        // The page without script says why it could not translate.
        () => window.location.assign(link.href),
      );
  }
  const clock = useClock();
  const location = useLocation();
  const byId = new Map(members.map((m) => [m.userId, m]));
  // Per list, not per message (decision 205).
  const unknown = tc("unknownUser");
  const you = t("you");
  const reportLabel = t("reportMessage");
  const back = encodeURIComponent(location.pathname);
  const deleteLabel = t("delete");
  const deleteQuestion = t("deleteQuestion");
  const yes = t("confirm.yes");
  const no = t("confirm.no");
  // The first Report link tells the router of /report's route before a tap.
  let discover = true;
  const mine = messages.filter((m) => m.senderId === viewerId);
  const lastMine = mine.at(-1);
  const receipt = receiptFor(lastMine, members, viewerId, group);
  const firstUnread =
    readUpTo === null ? undefined : messages.find((m) => m.senderId !== viewerId && m.createdAt > readUpTo);
  let previous: ShownMessage | undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <ol className="chat-messages" aria-label={t("messagesLabel")} onClick={onClick}>
      {messages.map((message) => {
        const own = message.senderId === viewerId;
        const firstReport = !own && discover;
        if (!own) discover = false;
        const sender = message.senderId === null ? undefined : byId.get(message.senderId);
        const name = own ? you : sender?.name || unknown;
        const unread = message === firstUnread;
        const item = `message-${message.id}`;
        const translation = translationIn(translations, item);
        // The first unread message starts a run of its own: the reader lands there (#unread).
        const next = !unread && continuesRun(previous, message, clock);
        previous = message;
        if (sender?.blocked && message.senderId !== null) {
          // The viewer blocked the sender (decision 160): the notice and the undo.
          return (
            <li key={message.clientMsgId} className="chat-message">
              <HiddenByBlock
                userId={message.senderId}
                returnTo={location.pathname}
                text={tc("blocked.hidden")}
                undo={tc("blocked.undo")}
              />
            </li>
          );
        }
        return (
          <li
            key={message.clientMsgId}
            id={unread ? "unread" : undefined}
            className={`chat-message${own ? " chat-own" : unread ? " chat-first-unread" : ""}${next ? " chat-next" : ""}`}
          >
            {/* Beside the name in text: decoration, the name heard once (decision 229). */}
            {own || next ? null : avatarElement(sender?.name, sender?.avatar, "small", null)}
            <div className="chat-bubble" id={item}>
              <p className="chat-meta hint">
                {/* Later messages of a run: the name for screen readers only, each message still says who wrote it. */}
                {next ? <span className="visually-hidden">{`${name} `}</span> : `${name} `}
                {When({ at: message.createdAt, clock })}
              </p>
              {MessageText({ content: translation?.text ?? message.content })}
              {own
                ? null
                : TranslationToggle({
                    t: withCommon,
                    readerLocale: i18n.language,
                    itemKey: item,
                    itemLang: message.lang ?? null,
                    enabled: canTranslate,
                    translation,
                    page: `${deleteAction}?translate=${item}#${item}`,
                    original: `${deleteAction}#${item}`,
                  })}
              {message === lastMine && receipt ? (
                <p className="chat-receipt hint">
                  {receipt.key === "seen" ? t("seen") : t("seenBy", { count: receipt.count })}
                </p>
              ) : null}
            </div>
            {own ? (
              // Its fields ride in the action URL (as actionWithFields writes them; both plain, so written
              // here: that module stays out of chat's JS), its icon is the button's ::before (decision 216).
              <ConfirmForm
                action={`${deleteAction}?intent=delete&messageId=${message.id}`}
                question={deleteQuestion}
                confirmLabel={yes}
                cancelLabel={no}
                className="chat-delete"
                buttonClassName={trashButton}
                onConfirm={() => onDelete(message)}
              >
                {/* A quiet icon, named for screen readers (decision 122). */}
                <span className="visually-hidden">{deleteLabel}</span>
              </ConfirmForm>
            ) : (
              // Reporting someone else's message to the operators (decision 186): a page of its own.
              // biome-ignore lint/a11y/useAnchorContent: named by aria-label; the icon is its ::before
              <a
                className={reportLink}
                href={`/report?type=message&id=${message.id}&back=${back}`}
                aria-label={reportLabel}
                title={reportLabel}
                data-discover={firstReport ? true : undefined}
              />
            )}
          </li>
        );
      })}
      {pending.map((message) => (
        <li
          key={message.clientMsgId}
          className="chat-message chat-own chat-pending"
          data-pending={message.failed ? "failed" : message.waiting ? "waiting" : "sending"}
        >
          <div className="chat-bubble">
            <MessageText content={message.content} />
            {message.failed ? (
              <p className="chat-receipt chat-failed">
                {t("notSent")}{" "}
                <button type="button" className="link-button" onClick={() => onRetry(message)}>
                  {t("retry")}
                </button>
              </p>
            ) : (
              <p className="chat-receipt hint">{message.waiting ? t("waiting") : t("sending")}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
