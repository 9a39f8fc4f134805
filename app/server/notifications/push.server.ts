import { waitUntil } from "cloudflare:workers";
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { inArray, sql } from "drizzle-orm";
import { isQuiet } from "~/lib/quiet-hours";
import type { TranslatableKind } from "~/lib/translation";
import type { RealtimeFrame } from "~/realtime/protocol";
import { getConfig } from "~/server/config.server";
import { batch, single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { apiTranslator } from "~/server/http/json.server";
import { enqueue } from "~/server/queue/queue.server";
import { publishToUser } from "~/server/realtime/realtime.server";
import { markedText, recipientTextsByUser } from "~/server/translation/recipient-text.server";
import { mailTranslator } from "./mail-render.server";
import { notificationOrigin } from "./origin.server";
import { pushSubscriptionsQuery } from "./push-subscriptions.server";
import { holdPushes, quietHoursQuery } from "./quiet-hours.server";

/**
 * Web Push (issue 23 item 4, decision 136): what would have reached an open socket reaches the
 * devices of people who have none. The payload is the contract with the service worker:
 * `{title, body, url, tag?}`, encrypted for each subscription (RFC 8291, aes128gcm) and signed
 * with the VAPID key (RFC 8292) by `@block65/webcrypto-web-push`, which uses only WebCrypto.
 */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

/**
 * Pushes for these users, sent by the queue's consumer. `throughQuiet`: an urgent post, or the
 * summary that ends quiet hours, goes out even during them.
 */
export type PushJob = {
  userIds: number[];
  payload: PushPayload;
  throughQuiet?: boolean;
  item?: PushItem;
  /** The title as a text key: each recipient reads it in their language (`payload.title` is the English). */
  titleText?: PushTitle;
};

export type PushTitle = { key: string; values: Record<string, string> };

/**
 * The item whose words the push's body quotes (a chat message, a post): each recipient of another
 * language gets them translated when a translator is configured, marked "Translated from …" in
 * their language (issue 24 item 5); the push opens the item, where the original is.
 */
export type PushItem = { kind: TranslatableKind; id: number };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    push: PushJob;
  }
}

/** The payload a frame becomes on a device without a socket, or null for frames that push nothing. */
export function framePayload(frame: RealtimeFrame): PushPayload | null {
  if (frame.messageType !== "notification" || frame.data.deleted || frame.data.seen) return null;
  return { title: apiTranslator()("common:appName"), body: frame.data.title, url: frame.data.url, tag: frame.data.oid };
}

/** After frames were published: those that reached no socket become pushes, one job per payload. */
export function pushMissedFrames(missed: { userId: number; frame: RealtimeFrame }[]) {
  for (const { userId, frame } of missed) {
    const payload = framePayload(frame);
    if (payload) enqueue("push", { userIds: [userId], payload });
  }
}

/**
 * A frame to each user's sockets, and a push to the devices of those with none open (except
 * `sender`, who wrote it). Best effort, after the response, like the frame itself.
 */
export function publishOrPushLater(
  userIds: number[],
  frame: RealtimeFrame,
  payload: PushPayload,
  sender?: number,
  item?: PushItem,
) {
  waitUntil(
    (async () => {
      const offline: number[] = [];
      await Promise.all(
        [...new Set(userIds)].map(async (userId) => {
          if ((await publishToUser(userId, frame)) === 0 && userId !== sender) offline.push(userId);
        }),
      );
      if (offline.length > 0) enqueue("push", { userIds: offline, payload, ...(item ? { item } : {}) });
    })(),
  );
}

/**
 * The queue's handler: one read of the users' devices, one encrypted request per device, and
 * one delete of the subscriptions the push service says are gone (404/410, RFC 8030 §7.3).
 * Other failures are logged, not retried: a retry would push twice to the devices that took it.
 */
export async function sendPushJob(
  { userIds, payload, throughQuiet = false, item, titleText }: PushJob,
  now = Date.now(),
) {
  const { VAPID_SUBJECT: subject, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = getConfig();
  if (!publicKey || !privateKey) return;
  const found = await batch({ all: pushSubscriptionsQuery(userIds), quiet: quietHoursQuery(userIds) });
  // During quiet hours the push waits (decision 137): held, then one summary when they end.
  const quiet = throughQuiet ? [] : found.quiet.filter((user) => isQuiet(now, user.zone, user.start, user.end));
  if (quiet.length > 0)
    await holdPushes(
      quiet.map((user) => user.userId),
      payload,
    );
  const held = new Set(quiet.map((user) => user.userId));
  const devices = found.all.filter((device) => !held.has(device.userId));
  const gone = devices.filter((device) => device.vapidKey !== publicKey).map((device) => device.id);
  const recipients = [...new Set(devices.map((d) => d.userId))];
  const payloads = item || titleText ? await recipientPayloads({ item, titleText }, payload, recipients) : null;
  await Promise.all(
    devices
      .filter((device) => device.vapidKey === publicKey)
      .map(async (device) => {
        const subscription = {
          endpoint: device.endpoint,
          expirationTime: null,
          keys: { p256dh: device.p256dh, auth: device.auth },
        };
        try {
          const request = await buildPushPayload(
            { data: payloads?.get(device.userId) ?? payload, options: { ttl: 86_400, urgency: "normal" } },
            subscription,
            { subject, publicKey, privateKey },
          );
          const response = await fetch(device.endpoint, request);
          if (response.status === 404 || response.status === 410) gone.push(device.id);
          else if (!response.ok) console.warn(`push: ${response.status} from ${new URL(device.endpoint).host}`);
        } catch (error) {
          console.warn(`push: could not reach ${new URL(device.endpoint).host}`, error);
        }
      }),
  );
  if (gone.length > 0)
    await single(getDb().delete(schema.pushSubscriptions).where(inArray(schema.pushSubscriptions.id, gone)));
}

/**
 * Each user's payload in their language: the item's words translated (marked "Translated from
 * …") when they wrote in another, and the title from its text key. One D1 round trip (the item,
 * its cached translations, the users' languages), a translation per language not cached yet.
 */
async function recipientPayloads(
  { item, titleText }: Pick<PushJob, "item" | "titleText">,
  payload: PushPayload,
  userIds: number[],
) {
  if (userIds.length === 0) return null;
  const [texts, { locales }] = await Promise.all([
    item ? recipientTextsByUser(item, userIds) : null,
    batch({
      locales: sqlRows<{ id: number; locale: string }>(sql`SELECT id, locale FROM users
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`),
    }),
  ]);
  if (!texts && !titleText) return null;
  const out = new Map<number, PushPayload>();
  for (const { id, locale } of locales) {
    const t = mailTranslator(locale);
    const text = texts?.get(id);
    out.set(id, {
      ...payload,
      ...(titleText ? { title: t(titleText.key, titleText.values) } : {}),
      ...(text?.translatedFrom ? { body: markedText({ ...text, text: shortened(text.text) }, t) } : {}),
    });
  }
  return out;
}

const shortened = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** A chat message on a device: the start of its text, opening its conversation; one per conversation. */
export function chatPushPayload(conversationId: number, content: string): PushPayload {
  return {
    title: apiTranslator()("notifications:push.newMessage"),
    body: shortened(content),
    url: `${notificationOrigin()}/chat/${conversationId}`,
    tag: `chat-${conversationId}`,
  };
}
