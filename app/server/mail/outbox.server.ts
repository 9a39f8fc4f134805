import { desc, eq } from "drizzle-orm";
import { single } from "~/server/db/batch.server";
import { type Database, getDb, schema } from "~/server/db/db.server";
import type { MailMessage, MailTransport } from "./types";

/** The development transport: mail lands in the D1 `outbox` table, readable at /__dev/mail. */
export function createOutboxTransport(db: Database = getDb()): MailTransport {
  return {
    async send(message: MailMessage) {
      await single(
        db.insert(schema.outbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ? JSON.stringify(message.headers) : null,
        }),
      );
    },
  };
}

export type OutboxMail = typeof schema.outbox.$inferSelect;

/** Outbox mail, newest first; optionally only mail to one address (tests look up their own). */
export async function listOutbox({ to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const db = getDb();
  return db
    .select()
    .from(schema.outbox)
    .where(to ? eq(schema.outbox.to, to) : undefined)
    .orderBy(desc(schema.outbox.createdAt), desc(schema.outbox.id))
    .limit(limit);
}
