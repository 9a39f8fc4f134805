import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Jobs whose effect is done (decision 165): a redelivered message finds its key and does nothing. */
export const jobReceipts = sqliteTable(
  "job_receipts",
  {
    key: text("key").primaryKey(),
    doneAt: integer("done_at").notNull(),
  },
  (table) => [index("job_receipts_done_at").on(table.doneAt)],
);
