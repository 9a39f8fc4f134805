import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const notifications = sqliteTable(
  "notifications",
  {
    oid: text("oid").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    seen: integer("seen", { mode: "boolean" }).notNull().default(false),
    deleted: integer("deleted", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    // --- hardening: who the notification is about (decision 070) ---
    // The person whose name the title shows, and the title with that name left open
    // (ACTOR_MARK): deleting their account rewrites the title with "Unknown User" (SPEC §2).
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorTitle: text("actor_title"),
  },
  (table) => [
    index("notifications_user_created").on(table.userId, table.createdAt),
    index("notifications_actor").on(table.actorId),
    // The header's unread total reads only the unread rows, and its list the newest in index
    // order, however long the history (issue 27, decision 167).
    index("notifications_user_unread").on(table.userId, table.deleted, table.seen),
    index("notifications_user_list").on(table.userId, table.deleted, table.createdAt, table.oid),
  ],
);

/**
 * Each person's unread totals, the header's badges on every signed-in page (decision 190): one
 * row per user, read by its key. Kept exact by triggers of migration 0035 on `notifications` and
 * `mail_recipients` (insert, update of the unread columns, delete) and on `users` (a new user gets
 * a row), so that no writer can forget it. `notifications` counts rows with seen = 0 AND
 * deleted = 0; `mail` copies with read_at IS NULL AND deleted_at IS NULL.
 */
export const unreadCounts = sqliteTable("unread_counts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notifications: integer("notifications").notNull().default(0),
  mail: integer("mail").notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Message inbox area (/messagesold): decisions 063–065.

// ---------------------------------------------------------------------------------------------
// Reaching people outside the tab (issue 23, decisions 135–139): email per kind, quiet hours,
// the digest hour, and each device's Web Push subscription. No row means the defaults
// (`DEFAULT_NOTIFICATION_SETTINGS`, app/lib/forms/notification-settings.ts).
export const notificationSettings = sqliteTable("notification_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // Per kind: "off" | "immediate" | "daily" | "weekly".
  chatEmail: text("chat_email").notNull().default("immediate"),
  inboxEmail: text("inbox_email").notNull().default("immediate"),
  friendsEmail: text("friends_email").notNull().default("daily"),
  postsEmail: text("posts_email").notNull().default("daily"),
  eventsEmail: text("events_email").notNull().default("immediate"),
  // Minutes after local midnight, in the user's zone (users.time_zone): 21:00–07:00.
  quietStart: integer("quiet_start").notNull().default(1260),
  quietEnd: integer("quiet_end").notNull().default(420),
  // The local hour digests go out at.
  digestHour: integer("digest_hour").notNull().default(7),
  // The one-click unsubscribe link's secret (RFC 8058): random, per user, no session needed.
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  updatedAt: createdAt(),
});

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The push service's URL for this device (RFC 8030): unique, so a re-subscribe replaces.
    endpoint: text("endpoint").notNull().unique(),
    // The browser's P-256 key and auth secret (RFC 8291), base64url.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // The VAPID public key the device subscribed with: a rotated key makes the row stale.
    vapidKey: text("vapid_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("push_subscriptions_user").on(table.userId)],
);

/** Pushes held during their user's quiet hours (decision 137): one summary when they end. */
export const heldPushes = sqliteTable(
  "held_pushes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The push's JSON payload ({title, body, url, tag?}).
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("held_pushes_user").on(table.userId)],
);

/**
 * Immediate emails held during their user's quiet hours (decision 169): one summary per kind
 * when they end. `payload` is the mail already rendered in the user's language, with the line
 * and link the summary lists it by.
 */
export const heldMails = sqliteTable(
  "held_mails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The email kind ("chat", "inbox", "friends", "posts", "events").
    kind: text("kind").notNull(),
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("held_mails_user").on(table.userId)],
);

/**
 * The digests sent (decision 171): one row per person, kind and period ("2026-11-27" for a daily
 * digest, "week-2026-11-23" for a weekly one, local dates). The cron claims a row before it
 * builds the mail, so a second run in the same hour, or an overlapping one, sends nothing twice.
 */
export const digestRuns = sqliteTable(
  "digest_runs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    period: text("period").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.period] })],
);
