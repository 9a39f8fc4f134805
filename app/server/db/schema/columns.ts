import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** When a row was made: UTC milliseconds, like every timestamp of the model. */
export const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);
