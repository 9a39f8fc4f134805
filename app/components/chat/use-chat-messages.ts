import { useCallback, useEffect, useState } from "react";
import type { ShownMessage } from "~/server/chat/messages.server";

/** A message typed here that the server has not confirmed yet (SPEC §4 optimistic send). */
export type PendingMessage = {
  clientMsgId: string;
  content: string;
  createdAt: number;
  failed: boolean;
  /** Typed offline: kept on the device until the connection returns (decision 132). */
  waiting?: boolean;
};

const REMOVED = new Set([1, 2, 3]);

function byTime(a: ShownMessage, b: ShownMessage) {
  return a.createdAt - b.createdAt || a.id - b.id;
}

/** Adds or replaces messages by clientMsgId (SPEC §4); removing dispositions take them out. */
export function mergeMessages(list: ShownMessage[], incoming: ShownMessage[]) {
  const map = new Map(list.map((m) => [m.clientMsgId, m]));
  for (const message of incoming) {
    if (REMOVED.has(message.disposition ?? 0)) map.delete(message.clientMsgId);
    else map.set(message.clientMsgId, message);
  }
  return [...map.values()].sort(byTime);
}

/**
 * The open conversation's messages on the client: what the loader sent, what arrived on
 * the socket or by gap-fill, and what the user is sending. A server copy replaces the
 * pending one with the same clientMsgId, so nothing shows twice.
 */
export function useChatMessages(initial: ShownMessage[]) {
  const [messages, setMessages] = useState(initial);
  const [pending, setPending] = useState<PendingMessage[]>([]);

  useEffect(() => {
    // Nothing new from the loader: no state change, so no render loop.
    if (initial.length > 0) setMessages((list) => mergeMessages(list, initial));
  }, [initial]);

  const add = useCallback((incoming: ShownMessage[]) => {
    setMessages((list) => mergeMessages(list, incoming));
    const confirmed = new Set(incoming.map((m) => m.clientMsgId));
    setPending((list) => list.filter((p) => !confirmed.has(p.clientMsgId)));
  }, []);

  const queue = useCallback((message: PendingMessage) => {
    setPending((list) => [...list.filter((p) => p.clientMsgId !== message.clientMsgId), message]);
  }, []);

  const fail = useCallback((clientMsgId: string, failed: boolean, waiting = false) => {
    setPending((list) => list.map((p) => (p.clientMsgId === clientMsgId ? { ...p, failed, waiting } : p)));
  }, []);

  return { messages, pending, add, queue, fail };
}

/** The (createdAt, id) cursor of a message, as the server pages by it. */
export function messageCursorOf(message: Pick<ShownMessage, "createdAt" | "id"> | undefined) {
  return message ? `${message.createdAt}:${message.id}` : undefined;
}
