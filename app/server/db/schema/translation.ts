import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * Translations made on request (decision 150): one row per (item kind, item id, text version,
 * target language), so a text is translated once per language and an edit (a new version) is
 * translated afresh. `source_lang` is what the translator was told the text was written in.
 */
export const translations = sqliteTable(
  "translations",
  {
    kind: text("kind", { enum: ["post", "comment", "message", "mail", "event"] }).notNull(),
    itemId: integer("item_id").notNull(),
    textVersion: integer("text_version").notNull(),
    lang: text("lang").notNull(),
    sourceLang: text("source_lang").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.itemId, table.textVersion, table.lang] })],
);
