import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { communities } from "./communities";
import { users } from "./users";

/**
 * A community's join code and invitation link (issue 25 item 1, decision 155). One row per
 * community; rotating replaces both values, so the old ones stop at once. `enabled` false turns
 * both off; `expiresAt` (UTC ms) ends them.
 */
export const communityInvites = sqliteTable(
  "community_invites",
  {
    communityId: integer("community_id")
      .primaryKey()
      .references(() => communities.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    token: text("token").notNull(),
    // SHA-256 (hex) of each: a try is looked up by its hash, so lookup time says nothing of the
    // secret (decision 155); the found row is then compared in constant time.
    codeHash: text("code_hash").notNull(),
    tokenHash: text("token_hash").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    expiresAt: integer("expires_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("community_invites_code").on(table.codeHash),
    uniqueIndex("community_invites_token").on(table.tokenHash),
  ],
);

/** How each member came in through an invitation: managers see the counts per method. */
export const communityJoins = sqliteTable(
  "community_joins",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["code", "link", "email"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.communityId, table.userId] })],
);

/**
 * One e-mailed invitation from a roster (issue 25 item 3, decision 173): a manager pastes or
 * uploads up to 500 rows (name, e-mail, optional student), each becomes a row with its own link.
 * Only the link's SHA-256 is kept: the link travels once, in the job that mails it, and a resend
 * makes a new one (the old one stops). `state` is what the manager sees; "expired" is read from
 * `expiresAt`. Whoever opens the link joins, signed in under any address (the link is the
 * invitation), once.
 */
export const rosterInvitations = sqliteTable(
  "roster_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** The student this address is a parent of, as the roster names them ("" when none). */
    student: text("student").notNull().default(""),
    tokenHash: text("token_hash").notNull(),
    state: text("state", { enum: ["queued", "sent", "joined", "bounced"] })
      .notNull()
      .default("queued"),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    sentAt: integer("sent_at"),
    joinedUserId: integer("joined_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("roster_invitations_email").on(table.communityId, table.email),
    uniqueIndex("roster_invitations_token").on(table.tokenHash),
    // The roster page, newest first, and the roster's students, without a sort (decision 167).
    index("roster_invitations_community").on(table.communityId, table.id),
    index("roster_invitations_student").on(table.communityId, table.student),
  ],
);
