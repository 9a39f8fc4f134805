import { type SQL, sql } from "drizzle-orm";
import { batch, preparedRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import { youngestWithoutConsentYear } from "~/server/users/students-sql.server";
import { type ConversationView, conversationReads, type LoadOptions, toView } from "./messages.server";
import { parentsWouldSeeSql } from "./parent-view.server";
import { messageRefusalSql, toRefusal } from "./permission.server";
import { readAndAnnounce } from "./read-marks.server";

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

/** A person by username (case-insensitive) or by id, available, as SQL of their id; values are placeholders. */
function personSql(by: "username" | "userId") {
  const match =
    by === "username"
      ? sql`lower(username) = lower(${sql.placeholder("username")})`
      : sql`id = ${sql.placeholder("userId")}`;
  return sql`(SELECT id FROM users WHERE ${match} AND ${activeUser()})`;
}

/** Their direct chat with the viewer: its id, or NULL while it does not exist. */
function directChatSql(target: SQL) {
  const viewer = sql`${sql.placeholder("viewerId")}`;
  // printf: D1 binds JS numbers as REAL, which would concatenate as "7.0".
  const key = sql`(SELECT printf('%d:%d', min(t.id, ${viewer}), max(t.id, ${viewer})) FROM users t WHERE t.id = ${target})`;
  return sql`(SELECT id FROM conversations WHERE direct_key = ${key})`;
}

/** The person, whether the viewer may message them, and whether a student's parents would read it. */
function personRows(target: SQL) {
  const viewer = sql`${sql.placeholder("viewerId")}`;
  return preparedRows<PersonRow>(
    () => sql`
      SELECT u.id, u.name, u.username, u.avatar, ${messageRefusalSql(viewer, sql`u.id`, sql`${sql.placeholder("youngest")}`)} AS refusal,
        ${parentsWouldSeeSql(viewer, sql`u.id`)} AS parents_see
      FROM users u WHERE u.id = ${target} AND u.id != ${viewer}`,
  );
}

/** Each way of naming the person, its statements compiled once per isolate (decision 223). */
const byUsername = {
  person: personRows(personSql("username")),
  chat: conversationReads(() => directChatSql(personSql("username"))),
};
const byUserId = {
  person: personRows(personSql("userId")),
  chat: conversationReads(() => directChatSql(personSql("userId"))),
};

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
  const statements = "username" in person ? byUsername : byUserId;
  const { people, heads, members, rows } = await batch({
    people: statements.person({ viewerId, youngest: youngestWithoutConsentYear(now), ...person }),
    ...statements.chat(viewerId, person, { ...options, now }),
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
