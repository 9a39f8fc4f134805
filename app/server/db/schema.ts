import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The whole data model of DESIGN §4, one file so it is read in one sitting. Timestamps are
 * UTC milliseconds. `migrations/` is generated from this file by `npm run db:generate`.
 */
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);

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

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "apple"] }).notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index("oauth_accounts_user").on(table.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    hash: text("hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Every token of one sign-in shares a family; reuse of a rotated token revokes it whole.
    family: text("family").notNull(),
    expiresAt: integer("expires_at").notNull(),
    rotatedFrom: integer("rotated_from"),
    rotatedAt: integer("rotated_at"),
    revokedAt: integer("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_user").on(table.userId), index("refresh_tokens_family").on(table.family)],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: ["activate", "reset", "verify"] }).notNull(),
    hash: text("hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // For "verify": the new address that the link confirms.
    email: text("email"),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (table) => [index("email_tokens_user").on(table.userId, table.purpose)],
);

/** Fixed-window counters for sign-in, reset and activation limits, keyed by account or IP. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});

export const friendships = sqliteTable(
  "friendships",
  {
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: integer("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "accepted"] }).notNull(),
    createdAt: createdAt(),
    acceptedAt: integer("accepted_at"),
  },
  (table) => [
    primaryKey({ columns: [table.requesterId, table.addresseeId] }),
    index("friendships_addressee").on(table.addresseeId, table.status),
  ],
);

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

export const COMMUNITY_CATEGORIES = [
  "pto",
  "classroom",
  "school",
  "district",
  "team",
  "club",
  "parents",
  "services",
] as const;

export const communities = sqliteTable(
  "communities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    category: text("category", { enum: COMMUNITY_CATEGORIES }).notNull(),
    description: text("description").notNull().default(""),
    joinPolicy: text("join_policy", { enum: ["open", "request", "invite"] })
      .notNull()
      .default("open"),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "set null" }),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // --- communities area (docs/decisions/045-community-rules.md) ---
    // Who may post: every active member, or only owners and managers.
    postPolicy: text("post_policy", { enum: ["all", "managers"] })
      .notNull()
      .default("all"),
    // Members' posts wait for a manager's approval (managers' own posts never do).
    requiresApproval: integer("requires_approval", { mode: "boolean" }).notNull().default(false),
    avatar: text("avatar").notNull().default("default"),
    // --- end communities area ---
  },
  (table) => [index("communities_school").on(table.schoolId)],
);

export const communityMembers = sqliteTable(
  "community_members",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "manager", "member"] }).notNull(),
    // communities area: "pending" is a request to join, "invited" an invitation not yet answered.
    status: text("status", { enum: ["active", "pending", "invited"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.communityId, table.userId] }),
    index("community_members_user").on(table.userId),
  ],
);

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for a post on the author's own profile.
    communityId: integer("community_id").references(() => communities.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    editedAt: integer("edited_at"),
    // --- posts area (docs/decisions/046-posts-and-feed.md) ---
    // "pending" posts wait for a manager; only their author and the managers see them.
    status: text("status", { enum: ["published", "pending"] })
      .notNull()
      .default("published"),
    pinnedAt: integer("pinned_at"),
    // --- end posts area ---
    // --- post images (docs/decisions/066-post-images.md): up to 4 {key, width, height}, R2 keys ---
    images: text("images", { mode: "json" })
      .$type<{ key: string; width: number; height: number }[]>()
      .notNull()
      .default(sql`'[]'`),
    // --- end post images ---
  },
  (table) => [
    index("posts_community_created").on(table.communityId, table.createdAt, table.id),
    index("posts_author_created").on(table.authorId, table.createdAt, table.id),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    editedAt: integer("edited_at"),
  },
  (table) => [index("comments_post").on(table.postId, table.createdAt)],
);

export const likes = sqliteTable(
  "likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: ["post", "comment"] }).notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetType, table.targetId] }),
    index("likes_target").on(table.targetType, table.targetId),
  ],
);

// --- posts area: reports to a community's managers (docs/decisions/046-posts-and-feed.md) ---
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: ["post", "comment"] }).notNull(),
    targetId: integer("target_id").notNull(),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("reports_community").on(table.communityId, table.createdAt)],
);
// --- end posts area ---

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id").references(() => communities.id, { onDelete: "cascade" }),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at"),
    allDay: integer("all_day", { mode: "boolean" }).notNull().default(false),
    location: text("location"),
    createdAt: createdAt(),
    // --- Calendar area (events): decision 056. starts_at/ends_at are UTC ms of the first
    // occurrence; all-day events store UTC midnight of their local dates (floating dates).
    description: text("description").notNull().default(""),
    timeZone: text("time_zone").notNull().default("UTC"),
    recurrence: text("recurrence", { enum: ["none", "weekly", "monthly"] })
      .notNull()
      .default("none"),
    // Last local date (UTC midnight ms) an occurrence may start on; null repeats for a year.
    recurrenceUntil: integer("recurrence_until"),
    capacity: integer("capacity"),
    cancelledAt: integer("cancelled_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at"),
    // --- end calendar area
  },
  (table) => [index("events_starts").on(table.startsAt), index("events_community").on(table.communityId)],
);

export const conversations = sqliteTable("conversations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  // 0 is a direct chat between two people, 1 a group (SPEC §3).
  type: integer("type").notNull(),
  title: text("title"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at").notNull(),
  // --- chat (decision 050) ---
  // "<smaller user id>:<larger user id>" for a direct chat, null for a group: the unique index
  // makes two concurrent first messages between the same people land in one conversation.
  directKey: text("direct_key").unique(),
  // --- chat groups (decision 060) ---
  // "<creator id>:<client key>" for a group: the unique index makes creating a group idempotent
  // (a double submit or an app's retry lands in the same group), and lets the creating batch find
  // the new row without last_insert_rowid(). Null for direct chats.
  createKey: text("create_key").unique(),
});

export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: integer("last_read_at").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_participants_user").on(table.userId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    clientMsgId: text("client_msg_id"),
    disposition: integer("disposition").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("messages_conversation_created").on(table.conversationId, table.createdAt, table.id),
    uniqueIndex("messages_client_msg_unique").on(table.senderId, table.clientMsgId),
  ],
);

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
  ],
);

// ---------------------------------------------------------------------------------------------
// Message inbox area (/messagesold): decisions 063–065.

/** The /messagesold inbox: one message, many recipients, optional attachments in R2. */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    replyToId: integer("reply_to_id"),
    /** The first message of the thread; null on that first message itself (decision 063). */
    threadId: integer("thread_id"),
    /** Makes a send idempotent: a resubmitted form or API call finds the stored message. */
    clientKey: text("client_key"),
    /** The request that created the row: its recipients, files and notifications go with it. */
    sendId: text("send_id"),
    /** The sender deleted their copy (delete for oneself); recipients keep theirs. */
    senderDeletedAt: integer("sender_deleted_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("mail_messages_client_key_unique").on(table.senderId, table.clientKey),
    index("mail_messages_sender_created").on(table.senderId, table.createdAt),
    index("mail_messages_thread").on(table.threadId),
  ],
);

export const mailRecipients = sqliteTable(
  "mail_recipients",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: integer("read_at"),
    deletedAt: integer("deleted_at"),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index("mail_recipients_user").on(table.userId, table.messageId),
  ],
);

export const attachments = sqliteTable(
  "attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: integer("message_id").references(() => mailMessages.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("attachments_message").on(table.messageId)],
);
// End of the message inbox area.
// ---------------------------------------------------------------------------------------------

/** Mail sent through the dev "outbox" transport (DESIGN §5); listed at /__dev/mail. */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: createdAt(),
});

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

/** One occurrence of a recurring event cancelled or moved, keyed by its original start (UTC ms). */
export const eventExceptions = sqliteTable(
  "event_exceptions",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: integer("occurrence_start").notNull(),
    cancelled: integer("cancelled", { mode: "boolean" }).notNull().default(false),
    startsAt: integer("starts_at"),
    endsAt: integer("ends_at"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.occurrenceStart] })],
);

/**
 * Answers to one date of an event (decision 058): going, maybe, not going, or waiting for a
 * place. `occurrence_start` is the date's original start, as in `event_exceptions`, so a moved
 * date keeps its answers.
 */
export const eventRsvps = sqliteTable(
  "event_rsvps",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: integer("occurrence_start").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["going", "maybe", "not_going", "waiting"] }).notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.occurrenceStart, table.userId] }),
    index("event_rsvps_user").on(table.userId),
  ],
);

/** The private iCalendar feed: one token per user, stored hashed, replaced to revoke. */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});
// --- end schools and calendar area
