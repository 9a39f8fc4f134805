/**
 * Comments written offline (issue 23 item 3, decision 133): held in the outbox the chat uses
 * (pwa/outbox.ts, decision 132) under the scope `comment:<post>`, with the form's fields and its
 * clientKey, and sent by the service worker when the connection returns; the server makes a
 * repeat of a key the same comment. Loaded on demand (usePostEvents), so the lists' scripts
 * carry none of the IndexedDB code.
 */
import { held, hold } from "~/pwa/outbox";
import { flushOutboxSoon } from "~/pwa/register";

export type WaitingComment = { key: string; postId: number; content: string };

const SCOPE = "comment:";

/** The viewer's comments still held, oldest first. */
export async function heldComments(userId: number): Promise<WaitingComment[]> {
  return (await held(userId))
    .filter((item) => item.scope.startsWith(SCOPE))
    .map((item) => ({ key: item.key, postId: Number(item.scope.slice(SCOPE.length)), content: item.content }));
}

/** Holds a comment form's fields (with its clientKey) for the worker to post to the form's action. */
export async function holdComment(userId: number, action: string, form: FormData): Promise<WaitingComment> {
  const fields = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
  const key = fields.clientKey ?? "";
  const postId = Number(new URL(action, location.href).pathname.split("/")[2]);
  const content = (fields.body ?? "").trim();
  await hold({ key, userId, url: action, fields, scope: SCOPE + postId, content, createdAt: Date.now() });
  if (navigator.onLine) flushOutboxSoon();
  return { key, postId, content };
}
