import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** When a row was made: UTC milliseconds, like every timestamp of the model. */
export const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);

/**
 * What a written text (post, comment, message, event description) carries for translation on
 * request (decision 150): the language detected when it was saved (ISO 639-1, null when too short
 * to tell) and a version that every edit bumps, so a cached translation of an older text is never
 * shown.
 */
export const textLanguage = () => ({
  lang: text("lang"),
  textVersion: integer("text_version").notNull().default(1),
});
