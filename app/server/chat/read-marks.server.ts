import { waitUntil } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { sqlRows } from "~/server/db/batch.server";
import { publishToUser, publishToUsers } from "~/server/realtime/realtime.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import type { ConversationView, HeadRow } from "./messages.server";

// Marking a conversation read and telling the others (SPEC §4, decision 042): after a page's
// read (`readAndAnnounce`) or on its own (`markConversationRead`, the read endpoints).

/** After a read that moved last_read_at: tell the reader's other tabs and the others' receipts. */
function announceRead(viewerId: number, conversationId: number, memberIds: number[], head: HeadRow, now: number) {
  // Nothing from the others after the mark (the participant row's unread count, kept exact by
  // migration 0035's triggers): nothing to announce. It once took the newest message from others.
  if (head.unread === 0) return head.last_read_at;
  const lastReadAt = Math.max(head.last_read_at, now);
  const others = memberIds.filter((id) => id !== viewerId);
  waitUntil(
    Promise.all([
      publishToUser(viewerId, { messageType: "conversationLastRead", data: { conversationId } }),
      publishToUsers(others, {
        messageType: "conversationSeen",
        data: { conversationId, userId: viewerId, lastReadAt },
      }),
    ]),
  );
  return lastReadAt;
}

export function readAndAnnounce(viewerId: number, view: ConversationView, head: HeadRow, now: number) {
  const ids = view.members.map((m) => m.userId);
  const lastReadAt = announceRead(viewerId, view.id, ids, head, now);
  const me = view.members.find((m) => m.userId === viewerId);
  if (me) me.lastReadAt = Math.max(me.lastReadAt, lastReadAt);
}

/**
 * Marks a conversation read by the viewer (SPEC §4); null when the viewer is not in it,
 * a revoked session (nothing marked, nothing announced) for a revoked token (decision 042).
 */
export async function markConversationRead(viewer: Actor, conversationId: number, now = Date.now()) {
  const viewerId = viewer.id;
  const cid = sql`${conversationId}`;
  const results = await batchAs(viewer, {
    heads: sqlRows<HeadRow>(sql`
      SELECT c.id, c.type, c.title, me.last_read_at, me.unread, NULL AS write_refusal, 1 AS reader_current, 0 AS parents_see
      FROM conversations c JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ${viewerId}
      WHERE c.id = ${cid}`),
    members: sqlRows<{ user_id: number }>(sql`
      SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}
        AND EXISTS (SELECT 1 FROM conversation_participants me WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})`),
    markRead: sql`
      UPDATE conversation_participants SET last_read_at = max(last_read_at, ${now})
      WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}`,
  });
  const { heads, members } = results;
  const head = heads[0];
  if (!head) return null;
  const lastReadAt = announceRead(
    viewerId,
    conversationId,
    members.map((m) => m.user_id),
    head,
    now,
  );
  return { conversationId, lastReadAt: Math.max(lastReadAt, now) };
}
