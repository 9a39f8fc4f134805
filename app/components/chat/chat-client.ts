import type { ChatMessage } from "~/server/chat/messages.server";

/**
 * The browser's calls for an open conversation (cookie session, same origin). They are
 * the JavaScript path only: without it, the page's forms do the same work (DESIGN §1).
 */
export async function postMessage(conversationId: number, content: string, clientMsgId: string) {
  const response = await fetch(`/chat/${conversationId}/messages`, {
    method: "POST",
    body: new URLSearchParams({ content, clientMsgId }),
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`send failed: ${response.status}`);
  return ((await response.json()) as { message: ChatMessage }).message;
}

export async function fetchMessages(conversationId: number, query: { before?: string; after?: string }) {
  const params = new URLSearchParams(query as Record<string, string>);
  const response = await fetch(`/chat/${conversationId}/messages?${params}`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`load failed: ${response.status}`);
  return (await response.json()) as { messages: ChatMessage[]; earlierCursor: string | null };
}

export function markRead(conversationId: number) {
  return fetch(`/chat/${conversationId}/read`, { method: "POST", body: new URLSearchParams() }).catch(() => undefined);
}
