import { sql } from "drizzle-orm";
import { activeUserText } from "~/server/users/active-user.server";
import { avatarUrl } from "~/server/users/avatar";

/** A person on a message: "Unknown User" (name "") once their account is gone (SPEC §2). */
export type MailPerson = { id: number | null; name: string; username: string | null; avatar: string };

export type PersonColumns = {
  id: number | null;
  name: string | null;
  username: string | null;
  avatar: string | null;
  available: number | null;
};

export function toPerson(row: PersonColumns): MailPerson {
  if (row.id === null || !row.available) return { id: row.id, name: "", username: null, avatar: "default" };
  return { id: row.id, name: row.name ?? "", username: row.username, avatar: avatarUrl(row.avatar) };
}

/** The sender columns both the boxes and the thread select (`sender_id`, `sender_name`, …). */
export type SenderColumns = {
  sender_id: number | null;
  sender_name: string | null;
  sender_username: string | null;
  sender_avatar: string | null;
  sender_available: number | null;
};

/** Who sent and who received a message: the columns both the boxes and the thread read. */
export type MessagePeopleColumns = SenderColumns & { recipients: string | null };

function senderOf(row: SenderColumns): MailPerson {
  return toPerson({
    id: row.sender_id,
    name: row.sender_name,
    username: row.sender_username,
    avatar: row.sender_avatar,
    available: row.sender_available,
  });
}

/** A message's sender and recipients, from its people columns. */
export function messagePeople(row: MessagePeopleColumns): { from: MailPerson; to: MailPerson[] } {
  return { from: senderOf(row), to: peopleFromJson(row.recipients) };
}

/** People from a `json_group_array(json_object('id', …, 'available', …))` column. */
function peopleFromJson(json: string | null): MailPerson[] {
  if (!json) return [];
  return (JSON.parse(json) as PersonColumns[]).filter((row) => row.id !== null).map(toPerson);
}

/** The recipients of message `m` as one JSON column (see peopleFromJson). */
const RECIPIENTS_JSON = `(SELECT json_group_array(json_object('id', ru.id, 'name', ru.name,
    'username', ru.username, 'avatar', ru.avatar,
    'available', ${activeUserText("ru")}))
  FROM mail_recipients rr JOIN users ru ON ru.id = rr.user_id WHERE rr.message_id = m.id)`;

/**
 * What selects the MessagePeopleColumns of message alias `m`, its sender joined as `su`. The
 * inbox leaves the recipients out: its viewer is one of them, and the list shows the sender.
 */
export function messagePeopleSql({ recipients = true } = {}) {
  return sql.raw(`m.sender_id, su.name AS sender_name, su.username AS sender_username, su.avatar AS sender_avatar,
    ${activeUserText("su")} AS sender_available,
    ${recipients ? RECIPIENTS_JSON : "NULL"} AS recipients`);
}
