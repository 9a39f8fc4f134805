import { useEffect, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { useRealtimeEvent, useRealtimeReconnect } from "~/realtime/use-realtime";

type LiveConversation = {
  id: number;
  unread: number;
  lastMessage: { senderId?: number | null; content: string; createdAt: number } | null;
};

/**
 * A conversation list kept current by the socket (SPEC §4): a message from someone else
 * raises that conversation's unread count by one, any message becomes its last message and
 * moves it to the top, conversationLastRead resets its count to 0. A message for a
 * conversation not in the list, a group that changed, or a reconnect, reloads the list from the server.
 */
export function useLiveConversations<T extends LiveConversation>(initial: T[], viewerId: number | undefined) {
  const [conversations, setConversations] = useState(initial);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A navigation or a fetcher post under way loads fresh data anyway; revalidating on top of it
  // (a first message's own frame arriving before its redirect, or the frame of leaving a group
  // before the redirect away from it, decision 060) would replace its result with a stale page.
  const refresh = () => {
    const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
    if (revalidator.state === "idle" && !busy) void revalidator.revalidate();
  };
  useEffect(() => setConversations(initial), [initial]);

  useRealtimeEvent("message", (message) => {
    const known = conversations.some((c) => c.id === message.conversationId);
    if (!known) {
      refresh();
      return;
    }
    setConversations((list) => {
      const current = list.find((c) => c.id === message.conversationId);
      if (!current) return list;
      const fromOther = message.senderId !== viewerId;
      const removed = (message.disposition ?? 0) >= 1;
      const updated = {
        ...current,
        unread: fromOther && !removed ? current.unread + 1 : current.unread,
        lastMessage:
          fromOther || !removed
            ? { senderId: message.senderId, content: message.content, createdAt: message.createdAt }
            : current.lastMessage,
      };
      return [updated, ...list.filter((c) => c.id !== message.conversationId)];
    });
  });

  useRealtimeEvent("conversationLastRead", ({ conversationId }) => {
    setConversations((list) => list.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c)));
  });

  // A group was created, renamed, joined or left (decision 060): its name and members come from the server.
  useRealtimeEvent("conversationChanged", refresh);

  useRealtimeReconnect(refresh);

  return conversations;
}
