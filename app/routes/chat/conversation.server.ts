import { data, redirect } from "react-router";
import { actionFields } from "~/lib/action-fields";
import { deleteMessageSchema, parseId, sendMessageSchema } from "~/lib/forms/chat";
import { formFailure, parseForm, parseValues } from "~/lib/forms/parse";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  type ConversationView,
  deleteMessage,
  loadConversation,
  loadDirectChat,
  newClientMsgIdServer,
  sendMessage,
  shownMessage,
} from "~/server/chat/chat.server";
import type { Actor } from "~/server/users/session-user.server";

/** `@username`, or `~userId` for someone without a username (decision 050); else null. */
function directPerson(key: string) {
  if (key.startsWith("@")) return { username: key.slice(1) };
  const userId = key.startsWith("~") ? parseId(key.slice(1)) : null;
  return userId === null ? null : { userId };
}

/** The conversation with its messages as the page sends them (decision 216). */
function shown(view: ConversationView) {
  return { ...view, messages: view.messages.map(shownMessage) };
}

/**
 * HTTP mapping of /chat/{id}, /chat/@{username} and /chat/~{userId} (decision 050): {id} is a
 * conversation; the others are the direct chat with that person, which may not exist yet. Everything the
 * viewer is not part of is a 404.
 */
export async function loadChatPage(viewer: Actor, key: string, url: URL) {
  const viewerId = viewer.id;
  const before = url.searchParams.get("before");
  // Reading marks it read, as the viewer's token allows (decision 042).
  const options = { before, markRead: viewer };
  const base = { viewerId, clientMsgId: newClientMsgIdServer(), before };
  const person = directPerson(key);
  if (person) {
    const direct = await loadDirectChat(viewerId, person, options);
    if (!direct) throw data(null, { status: 404 });
    const conversation = direct.conversation && shown(direct.conversation);
    const refusal = conversation ? conversation.refusal : direct.user.refusal;
    return {
      ...base,
      conversation,
      target: direct.user,
      mayWrite: conversation?.mayWrite ?? direct.user.mayMessage,
      refusal,
      parentsSee: conversation ? conversation.parentsSee : direct.user.parentsSee,
    };
  }
  const id = parseId(key);
  const view = id === null ? null : await loadConversation(viewerId, id, options);
  if (!view) throw data(null, { status: 404 });
  const conversation = shown(view);
  return {
    ...base,
    conversation,
    target: null,
    mayWrite: conversation.mayWrite,
    refusal: conversation.refusal,
    parentsSee: conversation.parentsSee,
  };
}

/** The page's posts: `send`, and `delete` of one's own message (asked first, decision 051). */
export async function actOnPage(viewer: Actor, key: string, formData: FormData, url: URL) {
  // A message's Delete carries its fields in the action URL (decisions 106, 216); the body wins.
  const fields = actionFields(url, formData);
  if (fields.intent === "delete") return deleteFromPage(viewer, key, formData, fields, url);
  return sendFromPage(viewer, key, formData, url);
}

/**
 * Deleting one's own message without JavaScript: the post without `confirmed` answers the
 * question in the pane; with it, the message goes (for everyone, live) and the page reloads.
 */
async function deleteFromPage(
  viewer: Actor,
  key: string,
  formData: FormData,
  fields: Record<string, FormDataEntryValue>,
  url: URL,
) {
  const parsed = parseValues(deleteMessageSchema, fields);
  if (!parsed.ok) return data(formFailure(formData, "chat:errors.unknownIntent"), { status: 400 });
  if (!parsed.data.confirmed) return { confirmDelete: { messageId: String(parsed.data.messageId) } };
  // On /chat/@username the id is unknown here; the service finds the message's own conversation.
  const conversationId = directPerson(key) ? null : parseId(key);
  if (conversationId === null && !directPerson(key)) throw data(null, { status: 404 });
  const result = await deleteMessage(viewer, conversationId, parsed.data.messageId);
  if (result.status === "not_found") throw data(null, { status: 404 });
  return redirect(safeRedirectPath(url.pathname, "/chat"));
}

/** The no-JavaScript send: a form post, then the page again (PRG) or the form with its error. */
async function sendFromPage(viewer: Actor, key: string, formData: FormData, url: URL) {
  const parsed = parseForm(sendMessageSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const direct = directPerson(key) !== null;
  const conversationId = direct ? null : parseId(key);
  if (!direct && conversationId === null) throw data(null, { status: 404 });
  const toUserId = parsed.data.to;
  if (conversationId === null && !toUserId) throw data(null, { status: 404 });
  const target = conversationId !== null ? { conversationId } : { toUserId: toUserId! };
  const input = { content: parsed.data.content, clientMsgId: parsed.data.clientMsgId };
  const result = await sendMessage(viewer, target, input);
  switch (result.status) {
    case "ok":
      return redirect(safeRedirectPath(url.pathname, "/chat"));
    case "not_found":
      throw data(null, { status: 404 });
    case "not_allowed":
      return data(formFailure(formData, `chat:refusals.${result.reason}`), { status: 403 });
    case "conflict":
      return data(formFailure(formData, "chat:errors.conflict"), { status: 409 });
  }
}
