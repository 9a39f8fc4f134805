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

export function senderOf(row: SenderColumns): MailPerson {
  return toPerson({
    id: row.sender_id,
    name: row.sender_name,
    username: row.sender_username,
    avatar: row.sender_avatar,
    available: row.sender_available,
  });
}

/** People from a `json_group_array(json_object('id', …, 'available', …))` column. */
export function peopleFromJson(json: string | null): MailPerson[] {
  if (!json) return [];
  return (JSON.parse(json) as PersonColumns[]).filter((row) => row.id !== null).map(toPerson);
}

/** What the recipient list column selects for message alias `m`. */
export const RECIPIENTS_JSON = (m: string) => `(SELECT json_group_array(json_object('id', ru.id, 'name', ru.name,
    'username', ru.username, 'avatar', ru.avatar,
    'available', ru.deleted_at IS NULL AND ru.activated_at IS NOT NULL))
  FROM mail_recipients rr JOIN users ru ON ru.id = rr.user_id WHERE rr.message_id = ${m}.id)`;
