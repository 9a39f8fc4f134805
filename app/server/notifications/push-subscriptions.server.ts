import { and, eq, sql } from "drizzle-orm";
import type { PushSubscriptionInput } from "~/lib/forms/notification-settings";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, runAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";

/**
 * Each device's Web Push subscription (issue 23 item 4, decision 136). The endpoint is unique:
 * a device that subscribes again (a new key, another account signed in on it) replaces its row,
 * so a shared school device pushes to whoever turned notifications on there last.
 */

const p = schema.pushSubscriptions;

export async function savePushSubscription(actor: Actor, input: PushSubscriptionInput, vapidKey: string) {
  const rows = await writeAs<{ id: number }>(
    actor,
    sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, vapid_key)
      SELECT ${actor.id}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${vapidKey}
      WHERE ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
        auth = excluded.auth, vapid_key = excluded.vapid_key
      RETURNING id`,
  );
  return { status: "saved" as const, id: rows[0]?.id };
}

/** Turns pushes off for one of the actor's own devices. Whether it was theirs. */
export async function deletePushSubscription(actor: Actor, endpoint: string) {
  const rows = await runAs<{ id: number }[]>(
    actor,
    getDb()
      .delete(p)
      .where(and(eq(p.userId, actor.id), eq(p.endpoint, endpoint), tokenIsCurrent(actor.id, actor.tokenVersion)))
      .returning({ id: p.id }),
  );
  return rows.length > 0;
}

/** The devices of these users, with the keys their pushes are encrypted for. */
export function pushSubscriptionsQuery(userIds: number[]) {
  return getDb()
    .select()
    .from(p)
    .where(sql`${p.userId} IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`);
}

export type StoredPushSubscription = typeof p.$inferSelect;

/** The push service said the subscription is gone (404/410, RFC 8030 §7.3): forget it. */
export async function forgetPushSubscription(id: number) {
  await single(getDb().delete(p).where(eq(p.id, id)));
}
