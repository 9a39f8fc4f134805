import { useCallback, useEffect } from "react";
import { held, hold, type OutboxSent } from "~/pwa/outbox";
import { OUTBOX_SENT } from "~/pwa/protocol";
import { flushOutboxSoon } from "~/pwa/register";
import type { ChatMessage } from "~/server/chat/messages.server";
import type { PendingMessage } from "./use-chat-messages";

type Pending = {
  add: (messages: ChatMessage[]) => void;
  queue: (message: PendingMessage) => void;
  fail: (clientMsgId: string, failed: boolean, waiting?: boolean) => void;
};

/**
 * An open conversation's messages typed offline (issue 23 item 3, decision 132): kept on the
 * device and shown as "Waiting to send", also after a reload; the service worker sends them when
 * the connection returns, by their clientMsgId, and the server's copy then replaces each one.
 * Answers the function that keeps one, or null where no service worker would ever send it.
 */
export function useChatOutbox(conversationId: number | null, viewerId: number, { add, queue, fail }: Pending) {
  const scope = `chat:${conversationId}`;
  useEffect(() => {
    if (conversationId === null || !("serviceWorker" in navigator)) return;
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
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; sent?: OutboxSent } | null;
      if (data?.type !== OUTBOX_SENT || data.sent?.item.scope !== scope) return;
      const { item, ok, body } = data.sent;
      const message = (body as { message?: ChatMessage } | null)?.message;
      if (ok && message) add([message]);
      else fail(item.key, true);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => {
      open = false;
      navigator.serviceWorker.removeEventListener("message", onMessage);
    };
  }, [conversationId, viewerId, scope, add, queue, fail]);

  return useCallback(
    async (clientMsgId: string, content: string) => {
      // Without a service worker in control nothing would send it later: it keeps its Retry.
      if (conversationId === null || !navigator.serviceWorker?.controller) return fail(clientMsgId, true);
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
        fail(clientMsgId, false, true);
        if (navigator.onLine) flushOutboxSoon();
      } catch {
        fail(clientMsgId, true); // No storage on this device: the message keeps its Retry.
      }
    },
    [conversationId, viewerId, scope, fail],
  );
}
