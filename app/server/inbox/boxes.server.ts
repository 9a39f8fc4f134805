import { type SQL, sql } from "drizzle-orm";
import { type BatchPart, batchPart, preparedRows, runBatch, sqlRows } from "~/server/db/batch.server";
import { decodeCursor, pageOf } from "~/server/db/cursor";
import { type MailPerson, type MessagePeopleColumns, messagePeople, messagePeopleSql } from "./people.server";

/** 20 messages a page, newest first, by cursor (DESIGN §4). */
export const BOX_PAGE_SIZE = 20;

export type Box = "inbox" | "sent";

export type BoxRow = {
  id: number;
  subject: string;
  createdAt: number;
  /** Inbox: the sender. */
  from: MailPerson;
  /** Sent: the recipients. */
  to: MailPerson[];
  /** Inbox: not opened yet (shown in bold). Sent: always false. */
  unread: boolean;
  attachments: number;
};

export type BoxListing = { box: Box; data: BoxRow[]; nextCursor: string | null };
export type BoxPage = BoxListing & { unreadCount: number };

/**
 * A row as the mailbox page sends it to the browser (decision 229): the people it names (the
 * sender in the inbox, the recipients in sent) by name and avatar only; no ids or usernames, and
 * not the other side, which the row does not show. The JSON API keeps whole `BoxRow`s.
 */
export type ShownBoxRow = Pick<BoxRow, "id" | "subject" | "createdAt" | "unread" | "attachments"> & {
  people: Pick<MailPerson, "name" | "avatar">[];
};
export type ShownBoxListing = { box: Box; data: ShownBoxRow[]; nextCursor: string | null };

export function shownBoxListing({ box, data, nextCursor }: BoxListing): ShownBoxListing {
  return {
    box,
    data: data.map(({ id, subject, createdAt, unread, attachments, from, to }) => ({
      id,
      subject,
      createdAt,
      unread,
      attachments,
      people: (box === "inbox" ? [from] : to).map(({ name, avatar }) => ({ name, avatar })),
    })),
    nextCursor,
  };
}

type Row = MessagePeopleColumns & {
  id: number;
  subject: string;
  created_at: number;
  read_at: number | null;
  attachments: number;
};

/**
 * /messagesold and `?box=sent`: one page of the viewer's copies, as one part of a loader's batch.
 * A recipient's copy is in the inbox until they delete it; the sender's in sent. The inbox's page
 * is read in the order of the copy's own time (`mail_recipients.created_at`, the message's,
 * decision 187): a page reads its rows, not every copy the viewer ever received. The page's
 * unread total is the header's (the root loader's `inboxUnread`, decision 190): not read twice.
 */
export function boxPagePart(viewerId: number, box: Box, cursorText?: string | null): BatchPart<BoxListing> {
  const cursor = cursorText ? decodeCursor(cursorText) : null;
  // Row values, so that SQLite starts the page at the cursor in the index instead of skipping to it.
  const after = (time: SQL, id: SQL) =>
    cursor ? sql`AND (${time}, ${id}) < (${cursor.createdAt}, ${Number(cursor.id) || 0})` : sql``;
  const common = sql`m.id, m.subject, m.created_at, ${messagePeopleSql({ recipients: box === "sent" })},
    (SELECT count(*) FROM attachments a WHERE a.message_id = m.id) AS attachments`;
  const rows =
    box === "inbox"
      ? sql`SELECT ${common}, r.read_at
          FROM mail_recipients r JOIN mail_messages m ON m.id = r.message_id LEFT JOIN users su ON su.id = m.sender_id
          WHERE r.user_id = ${viewerId} AND r.deleted_at IS NULL ${after(sql`r.created_at`, sql`r.message_id`)}
          ORDER BY r.created_at DESC, r.message_id DESC LIMIT ${BOX_PAGE_SIZE + 1}`
      : sql`SELECT ${common}, 1 AS read_at
          FROM mail_messages m LEFT JOIN users su ON su.id = m.sender_id
          WHERE m.sender_id = ${viewerId} AND m.sender_deleted_at IS NULL ${after(sql`m.created_at`, sql`m.id`)}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${BOX_PAGE_SIZE + 1}`;
  return batchPart({ found: sqlRows<Row>(rows) }, ({ found }) => {
    const page = pageOf(found, BOX_PAGE_SIZE, (row) => ({ createdAt: row.created_at, id: row.id }));
    return { box, data: page.data.map(toBoxRow), nextCursor: page.nextCursor };
  });
}

/** A page of a box with the inbox's unread total (the JSON API): one round trip. */
export async function listBox(viewerId: number, box: Box, cursorText?: string | null): Promise<BoxPage> {
  const { page, unreadCount } = await runBatch({
    page: boxPagePart(viewerId, box, cursorText),
    unreadCount: inboxUnreadPart(viewerId),
  });
  return { ...page, unreadCount };
}

/** Every signed-in page asks it: compiled once per isolate (decision 218; it cost 1% of /newsfeed). */
const unreadMail = preparedRows<{ value: number }>(
  () => sql`SELECT mail AS value FROM unread_counts WHERE user_id = ${sql.placeholder("viewerId")}`,
);

/**
 * The inbox's unread total as one part of a loader's batch (the root's, decision 123): one row
 * of `unread_counts`, which triggers keep equal to the viewer's copies with read_at IS NULL AND
 * deleted_at IS NULL (decision 190), however many they have.
 */
export function inboxUnreadPart(viewerId: number): BatchPart<number> {
  return batchPart({ unread: unreadMail({ viewerId }) }, ({ unread }) => unread[0]?.value ?? 0);
}

function toBoxRow(row: Row): BoxRow {
  return {
    id: row.id,
    subject: row.subject,
    createdAt: row.created_at,
    ...messagePeople(row),
    unread: row.read_at === null,
    attachments: row.attachments,
  };
}
