import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** Mail sent through the dev "outbox" transport (DESIGN §5); listed at /__dev/mail. */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  // Extra headers as JSON (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058; decision 169).
  headers: text("headers"),
  createdAt: createdAt(),
});
