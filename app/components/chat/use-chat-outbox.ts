import { useCallback, useEffect } from "react";
import { flushOutbox, held, hold, OUTBOX_SENT, type OutboxSent } from "~/pwa/outbox";
import type { ChatMessage } from "~/server/chat/messages.server";
import type { PendingMessage } from "./use-chat-messages";

type Pending = {
  add: (messages: ChatMessage[]) => void;
  queue: (message: PendingMessage) => void;
  fail: (clientMsgId: string, failed: boolean, waiting?: boolean) => void;
};

/**
 * An open conversation's messages typed offline (issue 23 item 3, decision 132): kept on the
 * device and shown as "Waiting to send", also after a reload; the outbox sends them when the
 * connection returns, by their clientMsgId, and the server's copy then replaces each one.
 * Answers the function that keeps one.
 */
export function useChatOutbox(conversationId: number | null, viewerId: number, { add, queue, fail }: Pending) {
  const scope = `chat:${conversationId}`;
  useEffect(() => {
    if (conversationId === null) return;
    let open = true;
    held(viewerId, scope)
      .then((items) => {
        for (const item of items) {
          if (!open) return;
          queue({
            clientMsgId: item.key,
            content: item.content,
            createdAt: item.createdAt,
            failed: false,
            waiting: true,
          });
        }
      })
      .catch(() => undefined);
    const onSent = (event: Event) => {
      const { item, ok, body } = (event as CustomEvent<OutboxSent>).detail;
      if (item.scope !== scope) return;
      const message = (body as { message?: ChatMessage } | null)?.message;
      if (ok && message) add([message]);
      else fail(item.key, true);
    };
    addEventListener(OUTBOX_SENT, onSent);
    return () => {
      open = false;
      removeEventListener(OUTBOX_SENT, onSent);
    };
  }, [conversationId, viewerId, scope, add, queue, fail]);

  return useCallback(
    async (clientMsgId: string, content: string) => {
      if (conversationId === null) return;
      try {
        const url = `/chat/${conversationId}/messages`;
        const createdAt = Date.now();
        await hold({
          key: clientMsgId,
          userId: viewerId,
          url,
          fields: { content, clientMsgId },
          scope,
          content,
          createdAt,
        });
      } catch {
        fail(clientMsgId, true); // No storage on this device: the message keeps its Retry.
        return;
      }
      fail(clientMsgId, false, true);
      if (navigator.onLine) void flushOutbox(viewerId);
    },
    [conversationId, viewerId, scope, fail],
  );
}
