import { type SQL, sql } from "drizzle-orm";

/**
 * Whether `viewerId` holds a copy of message `m` (a table alias): its sender or a recipient,
 * who has not deleted it for themselves (decision 063). Every read of a message, its thread and
 * its attachments goes through this, so anyone else finds nothing (404).
 */
export function holdsCopySql(viewerId: number, m: string): SQL {
  const alias = sql.raw(m);
  return sql`((${alias}.sender_id = ${viewerId} AND ${alias}.sender_deleted_at IS NULL)
    OR EXISTS (SELECT 1 FROM mail_recipients hc WHERE hc.message_id = ${alias}.id AND hc.user_id = ${viewerId}
      AND hc.deleted_at IS NULL))`;
}

/** The ids of the thread that message `messageId` is in, limited to the viewer's copies. */
export function threadIdsSql(viewerId: number, messageId: number): SQL {
  const root = sql`(SELECT coalesce(o.thread_id, o.id) FROM mail_messages o WHERE o.id = ${messageId}
    AND ${holdsCopySql(viewerId, "o")})`;
  return sql`SELECT t.id FROM mail_messages t WHERE (t.id = ${root} OR t.thread_id = ${root})
    AND ${holdsCopySql(viewerId, "t")}`;
}
