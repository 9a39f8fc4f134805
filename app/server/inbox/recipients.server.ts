import { sql } from "drizzle-orm";
import { contactIdsSql } from "~/server/chat/permission.server";
import { activeUser } from "~/server/users/active-user.server";

/** The "To" field suggests at most this many people (the page carries them, decision 125). */
export const RECIPIENT_CHOICES_MAX = 300;

/** Someone the viewer may write to, as the "To" field suggests them. */
export type RecipientChoice = {
  id: number;
  /** What goes into "To": the name, or the username when another contact has the same name. */
  value: string;
  /** What the suggestion shows beside it: the username, or the name when the value is the username. */
  label: string;
};

export type ContactRow = { id: number; name: string; username: string | null };

/**
 * The people the viewer may write to (the chat rule, decision 050: friends and members of a
 * shared community), by name: a statement for the compose page's one batch.
 */
export function contactsSql(viewerId: number) {
  return sql`SELECT u.id, u.name, u.username FROM users u
    WHERE u.id IN ${contactIdsSql(viewerId)} AND u.id != ${viewerId} AND ${activeUser("u")}
    ORDER BY lower(u.name), u.id LIMIT ${RECIPIENT_CHOICES_MAX}`;
}

/**
 * A name where it names one contact (send.server.ts resolves a name among the contacts first),
 * the username where two contacts share the name. `handleOf` gives the same for anyone else.
 */
export function recipientChoices(rows: ContactRow[]) {
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.name.toLowerCase(), (names.get(row.name.toLowerCase()) ?? 0) + 1);
  const shared = (name: string) => (names.get(name.toLowerCase()) ?? 0) > 1;
  const handleOf = (person: { name: string; username: string | null }) =>
    shared(person.name) && person.username ? person.username : person.name;
  const choices: RecipientChoice[] = rows.map((row) => {
    const value = handleOf(row);
    return { id: row.id, value, label: value === row.name ? (row.username ? `@${row.username}` : "") : row.name };
  });
  return { choices, handleOf };
}
