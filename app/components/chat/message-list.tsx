import { ConfirmForm } from "~/components/confirm-form";
import { UserAvatar } from "~/components/layout/user-avatar";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ChatMember, ChatMessage } from "~/server/chat/messages.server";
import { MessageText } from "./message-text";
import type { PendingMessage } from "./use-chat-messages";

/**
 * The read receipt under the viewer's last message (docs/decisions/052-read-receipts.md):
 * "Seen" in a direct chat once the other person read it, "Seen by N" in a group.
 */
export function receiptFor(message: ChatMessage | undefined, members: ChatMember[], viewerId: number, group: boolean) {
  if (!message) return null;
  const readers = members.filter((m) => m.userId !== viewerId && m.lastReadAt >= message.createdAt).length;
  if (readers === 0) return null;
  return group ? { key: "seenBy" as const, count: readers } : { key: "seen" as const, count: readers };
}

export function MessageList({
  messages,
  pending,
  members,
  viewerId,
  group,
  onRetry,
  deleteAction,
  onDelete,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  members: ChatMember[];
  viewerId: number;
  group: boolean;
  onRetry: (message: PendingMessage) => void;
  /** Where the delete form posts (the page itself); its action asks first without JavaScript. */
  deleteAction: string;
  /** The confirmed delete is on its way: drop the message at once. */
  onDelete: (message: ChatMessage) => void;
}) {
  const { t, i18n } = useTranslation("chat");
  const { t: tc } = useTranslation();
  const time = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const byId = new Map(members.map((m) => [m.userId, m]));
  const mine = messages.filter((m) => m.senderId === viewerId);
  const lastMine = mine.at(-1);
  const receipt = receiptFor(lastMine, members, viewerId, group);
  return (
    <ol className="chat-messages" aria-label={t("messagesLabel")}>
      {messages.map((message) => {
        const own = message.senderId === viewerId;
        const sender = message.senderId === null ? undefined : byId.get(message.senderId);
        const name = own ? t("you") : sender?.name || tc("unknownUser");
        return (
          <li key={message.clientMsgId} className={own ? "chat-message chat-own" : "chat-message"} data-id={message.id}>
            {own ? null : <UserAvatar name={sender?.name} avatar={sender?.avatar} size="small" />}
            <div className="chat-bubble">
              <p className="chat-meta hint">
                <span>{name}</span>{" "}
                <time dateTime={new Date(message.createdAt).toISOString()}>{time.format(message.createdAt)}</time>
              </p>
              <MessageText content={message.content} />
              {own ? (
                <ConfirmForm
                  action={deleteAction}
                  fields={{ intent: "delete", messageId: String(message.id) }}
                  question={t("deleteQuestion")}
                  confirmLabel={t("confirm.yes")}
                  cancelLabel={t("confirm.no")}
                  className="chat-delete"
                  buttonClassName="chat-delete-button"
                  onConfirm={() => onDelete(message)}
                >
                  {t("delete")}
                </ConfirmForm>
              ) : null}
              {message === lastMine && receipt ? (
                <p className="chat-receipt hint">
                  {receipt.key === "seen" ? t("seen") : t("seenBy", { count: receipt.count })}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
      {pending.map((message) => (
        <li
          key={message.clientMsgId}
          className="chat-message chat-own chat-pending"
          data-pending={message.failed ? "failed" : "sending"}
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
              <p className="chat-receipt hint">{t("sending")}</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
