import { eq, sql } from "drizzle-orm";
import {
  clockOf,
  DEFAULT_NOTIFICATION_SETTINGS,
  minutesOf,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from "~/lib/forms/notification-settings";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";

/**
 * Each person's choices of how SchoolHub reaches them outside the tab (issue 23, decision 135):
 * email per kind, quiet hours and the digest hour. No row means the defaults; the first save
 * (or the first email, which needs the unsubscribe token) writes one.
 */

const s = schema.notificationSettings;
type SettingsRow = typeof s.$inferSelect;

export function notificationSettingsQuery(userId: number) {
  return getDb().select().from(s).where(eq(s.userId, userId)).limit(1);
}

export function toSettings(row: SettingsRow | undefined): NotificationSettings {
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    email: {
      chat: row.chatEmail,
      inbox: row.inboxEmail,
      friends: row.friendsEmail,
      posts: row.postsEmail,
      events: row.eventsEmail,
    } as NotificationSettings["email"],
    quietStart: clockOf(row.quietStart),
    quietEnd: clockOf(row.quietEnd),
    digestHour: row.digestHour,
  };
}

/** One's own settings and how many devices get pushes: one batch (joins the page's round trip). */
export async function getNotificationSettings(userId: number) {
  const p = schema.pushSubscriptions;
  const found = await batch({
    settings: notificationSettingsQuery(userId),
    devices: getDb().select({ count: sql<number>`count(*)` }).from(p).where(eq(p.userId, userId)),
  });
  return { settings: toSettings(found.settings[0]), pushDevices: found.devices[0]?.count ?? 0 };
}

/** A fresh unguessable token: 32 random bytes, base64url. */
export function newUnsubscribeToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * Saves what the patch gives and keeps the rest (the page sends everything, the API any part):
 * one statement, an upsert guarded by the actor's token (decision 042). Answers the settings.
 */
export async function saveNotificationSettings(actor: Actor, patch: NotificationSettingsPatch) {
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  const e = patch.email ?? {};
  const start = patch.quietStart === undefined ? null : minutesOf(patch.quietStart);
  const end = patch.quietEnd === undefined ? null : minutesOf(patch.quietEnd);
  const hour = patch.digestHour ?? null;
  const [row] = await writeAs<SettingsRow>(
    actor,
    sql`INSERT INTO notification_settings (user_id, chat_email, inbox_email, friends_email, posts_email,
        events_email, quiet_start, quiet_end, digest_hour, unsubscribe_token)
      SELECT ${actor.id}, coalesce(${e.chat ?? null}, ${d.email.chat}), coalesce(${e.inbox ?? null}, ${d.email.inbox}),
        coalesce(${e.friends ?? null}, ${d.email.friends}), coalesce(${e.posts ?? null}, ${d.email.posts}),
        coalesce(${e.events ?? null}, ${d.email.events}), coalesce(${start}, ${minutesOf(d.quietStart)}),
        coalesce(${end}, ${minutesOf(d.quietEnd)}), coalesce(${hour}, ${d.digestHour}), ${newUnsubscribeToken()}
      WHERE ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      ON CONFLICT (user_id) DO UPDATE SET
        chat_email = coalesce(${e.chat ?? null}, chat_email), inbox_email = coalesce(${e.inbox ?? null}, inbox_email),
        friends_email = coalesce(${e.friends ?? null}, friends_email), posts_email = coalesce(${e.posts ?? null}, posts_email),
        events_email = coalesce(${e.events ?? null}, events_email), quiet_start = coalesce(${start}, quiet_start),
        quiet_end = coalesce(${end}, quiet_end), digest_hour = coalesce(${hour}, digest_hour)
      RETURNING user_id AS userId, chat_email AS chatEmail, inbox_email AS inboxEmail, friends_email AS friendsEmail,
        posts_email AS postsEmail, events_email AS eventsEmail, quiet_start AS quietStart, quiet_end AS quietEnd,
        digest_hour AS digestHour, unsubscribe_token AS unsubscribeToken, created_at AS updatedAt`,
  );
  return toSettings(row);
}
