import { waitUntil } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { GROUP_MAX_MEMBERS } from "~/lib/chat-limits";
import { type BatchPart, batch, batchPart, single, sqlRows } from "~/server/db/batch.server";
import { containsText } from "~/server/db/contains-text.server";
import { publishToUsers } from "~/server/realtime/realtime.server";
import { activeUser } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { contactIdsSql, type MessageRefusal, messageRefusalSql, studentRuleSql, toRefusal } from "./permission.server";

/**
 * Group conversations (type 1; SPEC §3, docs/decisions/060-chat-groups.md). Anyone in a group
 * may rename it, add people and leave; whom one may add follows the direct-chat rule
 * (friends, or a shared community: decision 050), checked inside the write. Every call is one
 * D1 batch; a non-member gets not_found, like every chat read (404 everywhere). Every write
 * checks the viewer's token in its batch and guards itself with it: a revoked token (decision
 * 042) changes nothing and ends the request as revoked (`requireCurrentToken`).
 */

export type Person = { userId: number; name: string; username: string | null; avatar: string };

type PersonRow = { id: number; name: string; username: string | null; avatar: string };

function toPerson(row: PersonRow): Person {
  return { userId: row.id, name: row.name, username: row.username, avatar: avatarUrl(row.avatar) };
}

const PERSON_COLUMNS = sql.raw("u.id, u.name, u.username, u.avatar");
const AVAILABLE = activeUser("u");
/** How many people "New group" and "Add people" list at once; a search narrows them. */
export const CANDIDATE_LIMIT = 20;

/**
 * A list of ids as one bound JSON parameter: D1 allows 100 parameters per statement, and a
 * 49-person add would pass that with one parameter per id in each of its conditions.
 */
function idList(ids: number[]): SQL {
  return sql`SELECT value FROM json_each(${JSON.stringify(ids)})`;
}

function isMember(viewerId: number, cid: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM conversation_participants me WHERE me.conversation_id = ${cid} AND me.user_id = ${viewerId})`;
}

/** Tells every affected member's open tabs to reload the group's name, members and list. */
function announce(userIds: number[], conversationId: number) {
  if (userIds.length === 0) return;
  waitUntil(publishToUsers(userIds, { messageType: "conversationChanged", data: { conversationId } }));
}

export type CandidateQuery = { q?: string | null; selected?: number[]; conversationId?: number };

/**
 * People the viewer may put in a group, as two statements for a loader's batch: those ticked
 * already (`selected`, kept across a search without JavaScript) and up to CANDIDATE_LIMIT
 * matching `q` by name or username. Never the viewer, nobody already in `conversationId`.
 */
export function candidatesPart(viewerId: number, query: CandidateQuery): BatchPart<Candidates> {
  const text = (query.q ?? "").trim().replace(/^@/, "");
  const match = text ? sql`AND ${containsText([sql.raw("u.name"), sql.raw("u.username")], text)}` : sql``;
  const outside =
    query.conversationId === undefined
      ? sql``
      : sql`AND NOT EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = ${query.conversationId} AND p.user_id = u.id)`;
  const base = sql`FROM users u WHERE u.id IN ${contactIdsSql(viewerId)} AND u.id != ${viewerId} AND ${AVAILABLE} ${outside}`;
  const selected = (query.selected ?? []).slice(0, GROUP_MAX_MEMBERS);
  const statements = {
    selected: sqlRows<PersonRow>(
      selected.length
        ? sql`SELECT ${PERSON_COLUMNS} ${base} AND u.id IN (${idList(selected)}) ORDER BY lower(u.name), u.id`
        : sql`SELECT 1 WHERE 0`,
    ),
    found: sqlRows<PersonRow>(
      sql`SELECT ${PERSON_COLUMNS} ${base} ${match} ORDER BY lower(u.name), u.id LIMIT ${CANDIDATE_LIMIT}`,
    ),
  };
  return batchPart(statements, ({ selected, found }) => {
    const ticked = selected.map(toPerson);
    const ids = new Set(ticked.map((p) => p.userId));
    return { selected: ticked, found: found.map(toPerson).filter((p) => !ids.has(p.userId)) };
  });
}

export type Candidates = { selected: Person[]; found: Person[] };

/** /chat/new: whom the viewer may choose. One round trip. */
export async function loadCandidates(viewerId: number, query: CandidateQuery) {
  return (await batch({ candidates: candidatesPart(viewerId, query) })).candidates;
}

export type GroupPage = {
  id: number;
  title: string;
  members: (Person & { available: boolean })[];
  candidates: Candidates;
};

/** /chat/{id}/group: the group, its members and whom the viewer could add; null when not a member. */
export async function loadGroupPage(viewerId: number, conversationId: number, query: CandidateQuery) {
  const cid = sql`${conversationId}`;
  const { heads, members, candidates } = await batch({
    heads: sqlRows<{ id: number; title: string | null }>(
      sql`SELECT c.id, c.title FROM conversations c WHERE c.id = ${cid} AND c.type = 1 AND ${isMember(viewerId, cid)}`,
    ),
    members: sqlRows<PersonRow & { available: number }>(sql`
      SELECT ${PERSON_COLUMNS}, (${AVAILABLE}) AS available
      FROM conversation_participants p JOIN users u ON u.id = p.user_id
      WHERE p.conversation_id = ${cid} AND ${isMember(viewerId, cid)}
      ORDER BY lower(u.name), u.id`),
    candidates: candidatesPart(viewerId, { ...query, conversationId }),
  });
  const head = heads[0];
  if (!head) return null;
  const page: GroupPage = {
    id: head.id,
    title: head.title ?? "",
    members: members.map((row) =>
      row.available
        ? { ...toPerson(row), available: true }
        : { userId: row.id, name: "", username: null, avatar: "default", available: false },
    ),
    candidates,
  };
  return page;
}

export type GroupResult =
  | { status: "ok"; conversationId: number; created?: boolean }
  | { status: "not_found" }
  /** Someone chosen is not someone the viewer may message (named, when they exist). */
  | { status: "not_allowed"; names: string[]; reason?: MessageRefusal }
  | { status: "too_many" };

type RefusedRow = { name: string; reason: string };

/** The refusal of a group write: who was refused, and the first one's reason. */
function refusal(rows: RefusedRow[]): GroupResult {
  const reason = rows[0] ? toRefusal(rows[0].reason) : undefined;
  return { status: "not_allowed", names: rows.map((r) => r.name), reason };
}

/** Everyone chosen, minus the viewer; at least one other person. */
function others(viewerId: number, ids: number[]) {
  return [...new Set(ids)].filter((id) => id !== viewerId);
}

/**
 * People among `ids` the viewer may not put in the group, with the reason (decision 175): the
 * messaging rule from the viewer, the student rule with everyone else (chosen, or in group `cid`).
 */
function refusedStatement(viewerId: number, ids: number[], cid?: SQL) {
  const existing = cid
    ? sql`UNION SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`
    : sql``;
  return sql`SELECT u.name, coalesce(${messageRefusalSql(viewerId, sql`u.id`)},
      (SELECT ${studentRuleSql(sql`gm.id`, sql`u.id`)} AS r FROM (SELECT value AS id FROM json_each(${JSON.stringify(ids)}) ${existing}) gm
        WHERE gm.id != u.id AND gm.id != ${viewerId} AND r IS NOT NULL LIMIT 1)) AS reason
    FROM users u WHERE u.id IN (${idList(ids)}) AND reason IS NOT NULL`;
}

function allAllowed(viewerId: number, ids: number[], cid?: SQL) {
  return sql`NOT EXISTS (${refusedStatement(viewerId, ids, cid)})`;
}

/**
 * Creates a group of the viewer and `memberIds` named `title`. Idempotent by (viewer,
 * createKey): a resubmitted form or an app's retry answers the same group. Nothing is written
 * unless the viewer may message every chosen person. One round trip.
 */
export async function createGroup(
  viewer: Actor,
  input: { title: string; memberIds: number[]; createKey: string },
  now = Date.now(),
): Promise<GroupResult & { members?: Person[]; title?: string }> {
  const viewerId = viewer.id;
  const current = tokenIsCurrent(viewer.id, viewer.tokenVersion);
  const ids = others(viewerId, input.memberIds);
  if (ids.length === 0) return { status: "not_allowed", names: [] };
  if (ids.length >= GROUP_MAX_MEMBERS) return { status: "too_many" };
  const key = `${viewerId}:${input.createKey}`;
  const results = await batchAs(viewer, {
    refused: refusedStatement(viewerId, ids),
    inserted: sql`
      INSERT INTO conversations (type, title, updated_at, created_at, create_key)
      SELECT 1, ${input.title}, ${now}, ${now}, ${key} WHERE ${allAllowed(viewerId, ids)} AND ${current}
      ON CONFLICT (create_key) DO NOTHING RETURNING id`,
    // Only the batch that created the row adds its members: a replay must not re-add someone who
    // left. changes() is the row count of the INSERT just before (1 or 0), not a timestamp match:
    // two sends of one form can share a millisecond (workerd's clock only moves on I/O).
    joined: sql`
      INSERT INTO conversation_participants (conversation_id, user_id, last_read_at)
      SELECT c.id, u.id, ${now} FROM conversations c JOIN users u ON u.id IN (${idList([viewerId, ...ids])})
      WHERE c.create_key = ${key} AND changes() = 1 AND ${current}
      ON CONFLICT DO NOTHING`,
    heads: sql`SELECT c.id, c.title FROM conversations c
      WHERE c.create_key = ${key} AND ${isMember(viewerId, sql`c.id`)}`,
    members: sql`
      SELECT ${PERSON_COLUMNS} FROM conversation_participants p JOIN users u ON u.id = p.user_id
      WHERE p.conversation_id = (SELECT id FROM conversations WHERE create_key = ${key})
      ORDER BY lower(u.name), u.id`,
  });
  const { refused, inserted, heads, members } = results;
  const head = (heads as { id: number; title: string }[])[0];
  const created = inserted.length > 0;
  if (!head) return refusal(refused as RefusedRow[]);
  const people = (members as PersonRow[]).map(toPerson);
  if (created)
    announce(
      people.map((p) => p.userId),
      head.id,
    );
  return { status: "ok", conversationId: head.id, created, members: people, title: head.title };
}

/** Any member renames the group (1–80 characters after trimming). One round trip. */
export async function renameGroup(viewer: Actor, conversationId: number, title: string): Promise<GroupResult> {
  const cid = sql`${conversationId}`;
  const results = await batchAs(viewer, {
    updated: sql`UPDATE conversations SET title = ${title} WHERE id = ${cid} AND type = 1 AND ${isMember(viewer.id, cid)}
      AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)} RETURNING id`,
    members: sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
  });
  const { updated, members } = results;
  if ((updated as unknown[]).length === 0) return { status: "not_found" };
  announce(
    (members as { user_id: number }[]).map((m) => m.user_id),
    conversationId,
  );
  return { status: "ok", conversationId };
}

/**
 * Any member adds people they may message (all or none), up to GROUP_MAX_MEMBERS in all.
 * People already in it are skipped. They see the history, with nothing counted unread.
 */
export async function addToGroup(
  viewer: Actor,
  conversationId: number,
  memberIds: number[],
  now = Date.now(),
): Promise<GroupResult & { added?: number[] }> {
  const viewerId = viewer.id;
  const ids = others(viewerId, memberIds);
  const cid = sql`${conversationId}`;
  const group = sql`(SELECT type FROM conversations WHERE id = ${cid}) = 1 AND ${isMember(viewerId, cid)}`;
  if (ids.length === 0) {
    // Nobody to add; an outsider still learns nothing about the group.
    const member = await single(sqlRows(sql`SELECT 1 AS ok WHERE ${group}`));
    return member?.length ? { status: "not_allowed", names: [] } : { status: "not_found" };
  }
  const newcomers = sql`(SELECT count(*) FROM users u WHERE u.id IN (${idList(ids)}) AND NOT EXISTS (
    SELECT 1 FROM conversation_participants p WHERE p.conversation_id = ${cid} AND p.user_id = u.id))`;
  const size = sql`(SELECT count(*) FROM conversation_participants WHERE conversation_id = ${cid})`;
  const results = await batchAs(viewer, {
    heads: sql`SELECT 1 AS ok WHERE ${group}`,
    refused: refusedStatement(viewerId, ids, cid),
    inserted: sql`
      INSERT INTO conversation_participants (conversation_id, user_id, last_read_at)
      SELECT ${cid}, u.id, ${now} FROM users u
      WHERE u.id IN (${idList(ids)}) AND ${group} AND ${allAllowed(viewerId, ids, cid)}
        AND ${size} + ${newcomers} <= ${GROUP_MAX_MEMBERS} AND ${tokenIsCurrent(viewer.id, viewer.tokenVersion)}
      ON CONFLICT DO NOTHING
      RETURNING user_id`,
    members: sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
  });
  const { heads, refused, inserted, members } = results;
  if ((heads as unknown[]).length === 0) return { status: "not_found" };
  if ((refused as RefusedRow[]).length > 0) return refusal(refused as RefusedRow[]);
  const memberSet = new Set((members as { user_id: number }[]).map((m) => m.user_id));
  const added = (inserted as { user_id: number }[]).map((r) => r.user_id);
  if (added.length === 0 && ids.some((id) => !memberSet.has(id))) return { status: "too_many" };
  if (added.length > 0) announce([...memberSet], conversationId);
  return { status: "ok", conversationId, added };
}

/**
 * The viewer leaves a group: from then on they neither read nor receive it (404, like anyone
 * outside). The last one out deletes the group and its messages. Direct chats cannot be left.
 */
export async function leaveGroup(viewer: Actor, conversationId: number): Promise<GroupResult> {
  const viewerId = viewer.id;
  const cid = sql`${conversationId}`;
  const current = tokenIsCurrent(viewer.id, viewer.tokenVersion);
  const results = await batchAs(viewer, {
    left: sql`
      DELETE FROM conversation_participants
      WHERE conversation_id = ${cid} AND user_id = ${viewerId} AND (SELECT type FROM conversations WHERE id = ${cid}) = 1
        AND ${current}
      RETURNING user_id`,
    remaining: sql`SELECT user_id FROM conversation_participants WHERE conversation_id = ${cid}`,
    removed: sql`DELETE FROM conversations WHERE id = ${cid} AND type = 1 AND ${current}
      AND NOT EXISTS (SELECT 1 FROM conversation_participants WHERE conversation_id = ${cid})`,
  });
  const { left, remaining } = results;
  if ((left as unknown[]).length === 0) return { status: "not_found" };
  announce([viewerId, ...(remaining as { user_id: number }[]).map((m) => m.user_id)], conversationId);
  return { status: "ok", conversationId };
}
