import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const schools = sqliteTable(
  "schools",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    district: text("district"),
    city: text("city"),
    state: text("state"),
    // "district_office" added by the schools area (issue: schools and the calendar).
    kind: text("kind", { enum: ["elementary", "middle", "high", "k12", "district_office", "other"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Schools area: browsing by state, then district or city (decision 055).
    index("schools_state_district").on(table.state, table.district),
    index("schools_state_city").on(table.state, table.city),
  ],
);

/** Schools a user follows (besides those of their communities). */
export const schoolFollows = sqliteTable(
  "school_follows",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.schoolId] }),
    index("school_follows_school").on(table.schoolId),
  ],
);
