import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/** Messages sent from /about/contact. */
export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  topic: text("topic").notNull(),
  message: text("message").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------------------------
// Schools and calendar area (schools, events): decisions 055–059.
