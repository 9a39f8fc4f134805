import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import {
  type ConversationView,
  conversationStatements,
  type LoadOptions,
  readAndAnnounce,
  toView,
} from "./messages.server";
import { parentsWouldSeeSql } from "./parent-view.server";
import { messageRefusalSql, toRefusal } from "./permission.server";

/** /chat/@{username} and /chat/~{userId}: a person and the direct chat with them (decision 050). */
type PersonRow = {
  id: number;
  name: string;
  username: string | null;
  avatar: string;
  refusal: string | null;
  parents_see: number;
};

/** `refusal`: why the viewer may not message them, null when they may (decision 175). */
export type DirectTarget = Pick<ConversationView, "refusal" | "parentsSee"> &
  Omit<PersonRow, "refusal" | "parents_see"> & { mayMessage: boolean };

/**
 * /chat/@{username}: the person, whether the viewer may message them, and their direct chat
 * if it exists; null when there is no such available person (or it is the viewer). One round trip.
 */
export async function loadDirectChat(
  viewerId: number,
  person: { username: string } | { userId: number },
  options: LoadOptions = {},
) {
  const now = options.now ?? Date.now();
  const match = "username" in person ? sql`lower(username) = lower(${person.username})` : sql`id = ${person.userId}`;
  const target = sql`(SELECT id FROM users WHERE ${match} AND ${activeUser()})`;
  // printf: D1 binds JS numbers as REAL, which would concatenate as "7.0".
  const key = sql`(SELECT printf('%d:%d', min(t.id, ${viewerId}), max(t.id, ${viewerId})) FROM users t WHERE t.id = ${target})`;
  const cid = sql`(SELECT id FROM conversations WHERE direct_key = ${key})`;
  const { people, heads, members, rows } = await batch({
    people: sqlRows<PersonRow>(sql`
      SELECT u.id, u.name, u.username, u.avatar, ${messageRefusalSql(viewerId, sql`u.id`)} AS refusal,
        ${parentsWouldSeeSql(viewerId, sql`u.id`)} AS parents_see
      FROM users u WHERE u.id = ${target} AND u.id != ${viewerId}`),
    ...conversationStatements(viewerId, cid, { ...options, now }),
  });
  const found = people[0];
  if (!found) return null;
  const head = heads[0];
  const view = head ? toView(head, members, rows, options) : null;
  if (head && view && options.markRead && head.reader_current) readAndAnnounce(viewerId, view, head, now);
  const user: DirectTarget = {
    id: found.id,
    name: found.name,
    username: found.username,
    avatar: avatarUrl(found.avatar),
    mayMessage: found.refusal === null,
    refusal: found.refusal === null ? null : toRefusal(found.refusal),
    parentsSee: Boolean(found.parents_see),
  };
  return { user, conversation: view };
}
