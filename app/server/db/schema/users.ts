import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    username: text("username"),
    name: text("name").notNull(),
    // An R2 key, or "default"/empty for the placeholder (SPEC §2).
    avatar: text("avatar").notNull().default("default"),
    emailVerifiedAt: integer("email_verified_at"),
    activatedAt: integer("activated_at"),
    passwordHash: text("password_hash"),
    theme: text("theme").notNull().default("theme-d"),
    locale: text("locale").notNull().default("en"),
    deletedAt: integer("deleted_at"),
    createdAt: createdAt(),
    // ── performance and revocation (decision 042) ──
    // Carried in every access token; logout and deletion bump it, so tokens already issued stop
    // working for writes and the socket before they expire.
    tokenVersion: integer("token_version").notNull().default(0),
    // The IANA zone every time is shown in (decision 121): the browser's on first visit, then settings.
    timeZone: text("time_zone"),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${table.username})`),
  ],
);
