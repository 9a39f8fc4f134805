import { sql } from "drizzle-orm";
import { EMAIL_KINDS, type EmailKind, type EmailMode } from "~/lib/notification-kinds";
import { single, sqlRows } from "~/server/db/batch.server";

/**
 * One-click unsubscribe (RFC 8058, decision 169): the per-user token in every notification mail
 * is the credential, no session needed, and it turns off email for the one kind it names. It
 * can do nothing else (never sign in, never read), so a forwarded mail risks only that setting.
 */
export type UnsubscribeLookup = { status: "found"; mode: EmailMode } | { status: "not_found" };

export function isEmailKind(value: string | undefined): value is EmailKind {
  return EMAIL_KINDS.includes(value as EmailKind);
}

const column = (kind: EmailKind) => sql.raw(`${kind}_email`);

/** What the link would change: the kind's current choice, or not_found for an unknown token. */
export async function findUnsubscribe(token: string, kind: EmailKind): Promise<UnsubscribeLookup> {
  const [row] = await single(
    sqlRows<{ mode: EmailMode }>(
      sql`SELECT ${column(kind)} AS mode FROM notification_settings WHERE unsubscribe_token = ${token}`,
    ),
  );
  return row ? { status: "found", mode: row.mode } : { status: "not_found" };
}

/** Email for this kind off, for the token's owner; one statement. Doing it twice is the same as once. */
export async function unsubscribe(token: string, kind: EmailKind): Promise<{ status: "done" | "not_found" }> {
  const rows = await single(
    sqlRows<{ userId: number }>(sql`UPDATE notification_settings SET ${column(kind)} = 'off'
      WHERE unsubscribe_token = ${token} RETURNING user_id AS userId`),
  );
  return { status: rows.length > 0 ? "done" : "not_found" };
}
