import { sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS } from "~/lib/forms/notification-settings";
import { batch, sqlRows } from "~/server/db/batch.server";
import { enqueue } from "~/server/queue/queue.server";
import { activeUserText } from "~/server/users/active-user.server";
import {
  DIGEST_KINDS,
  type DigestItem,
  type DigestKind,
  type DigestWindow,
  digestItemsQuery,
} from "./digest-items.server";
import { type Cadence, digestMail } from "./digest-mail.server";
import { type RecipientRow, withUnsubscribeTokens } from "./mail-recipients.server";
import { notificationOrigin } from "./origin.server";

/**
 * The digests (issue 23 item 5, decision 171), built by the hourly Cron Trigger: everyone whose
 * local hour (in their own zone) is their digest hour gets, for each kind set to "daily", the
 * unseen items of the last 24 hours, and on a local Monday, for each kind set to "weekly", those of
 * the last 7 days. A kind with nothing new sends nothing. A (person, kind, period) row is claimed
 * in `digest_runs` in the same batch that reads the items, so each digest goes once.
 *
 * D1 round trips: one to find who is due, one per DIGEST_USERS_PER_BATCH people due (claims and
 * every kind's items together), and one more per such batch only when someone has never had an
 * email (their unsubscribe token is made then).
 */
export const DIGEST_USERS_PER_BATCH = 500;

const HOUR = 3_600_000;
const WINDOW: Record<Cadence, number> = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
const DEFAULTS = DEFAULT_NOTIFICATION_SETTINGS;

type Candidate = RecipientRow & { hour: number } & Record<DigestKind, string>;

/** Everyone active with a kind in a digest (the defaults put posts and friend requests there). */
function candidatesQuery() {
  const mode = (kind: DigestKind) => sql.raw(`coalesce(s.${kind}_email, '${DEFAULTS.email[kind]}')`);
  const anyDigest = sql.join(
    DIGEST_KINDS.map((kind) => sql`${mode(kind)} IN ('daily', 'weekly')`),
    sql` OR `,
  );
  return sqlRows<Candidate>(sql`
    SELECT u.id, u.name, u.email, u.locale, coalesce(u.time_zone, 'UTC') AS zone, s.unsubscribe_token AS token,
      coalesce(s.digest_hour, ${DEFAULTS.digestHour}) AS hour, '' AS mode, 0 AS start, 0 AS "end",
      ${sql.join(
        DIGEST_KINDS.map((kind) => sql`${mode(kind)} AS ${sql.raw(kind)}`),
        sql`, `,
      )}
    FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
    WHERE ${sql.raw(activeUserText("u"))} AND (${anyDigest})`);
}

/** A zone's local hour, date and weekday at `now` (cached per zone: 10,000 people, few zones). */
function localClock(now: number, zone: string) {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      hourCycle: "h23",
      weekday: "short",
    });
  } catch {
    return localClock(now, "UTC");
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    hour: Number(parts.hour),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    monday: parts.weekday === "Mon",
  };
}

type Due = { user: Candidate; kind: DigestKind; cadence: Cadence; period: string };

/** Who gets which digest this hour. */
function dueDigests(candidates: Candidate[], now: number): Due[] {
  const clocks = new Map<string, ReturnType<typeof localClock>>();
  const out: Due[] = [];
  for (const user of candidates) {
    const clock = clocks.get(user.zone) ?? localClock(now, user.zone);
    clocks.set(user.zone, clock);
    if (clock.hour !== user.hour) continue;
    for (const kind of DIGEST_KINDS) {
      if (user[kind] === "daily") out.push({ user, kind, cadence: "daily", period: clock.date });
      else if (user[kind] === "weekly" && clock.monday)
        out.push({ user, kind, cadence: "weekly", period: `week-${clock.date}` });
    }
  }
  return out;
}

/** Runs this hour's digests. Answers what it did, with the D1 round trips it cost (for the bench). */
export async function sendDigests(now = Date.now(), origin = notificationOrigin()) {
  const { candidates } = await batch({ candidates: candidatesQuery() });
  let roundTrips = 1;
  let mails = 0;
  const due = dueDigests(candidates, now);
  const users = [...new Set(due.map((one) => one.user.id))];
  for (let start = 0; start < users.length; start += DIGEST_USERS_PER_BATCH) {
    const chunk = new Set(users.slice(start, start + DIGEST_USERS_PER_BATCH));
    const part = due.filter((one) => chunk.has(one.user.id));
    const windows = (kind: DigestKind): DigestWindow[] =>
      part.filter((one) => one.kind === kind).map((one) => ({ id: one.user.id, since: now - WINDOW[one.cadence] }));
    const claims = JSON.stringify(part.map((one) => ({ id: one.user.id, kind: one.kind, period: one.period })));
    const found = await batch({
      claimed: sqlRows<{ userId: number; kind: DigestKind }>(sql`
        INSERT INTO digest_runs (user_id, kind, period)
        SELECT json_extract(value, '$.id'), json_extract(value, '$.kind'), json_extract(value, '$.period')
        FROM json_each(${claims}) WHERE 1 ON CONFLICT DO NOTHING RETURNING user_id AS userId, kind`),
      posts: digestItemsQuery("posts", windows("posts"), now),
      friends: digestItemsQuery("friends", windows("friends"), now),
      inbox: digestItemsQuery("inbox", windows("inbox"), now),
      chat: digestItemsQuery("chat", windows("chat"), now),
    });
    roundTrips++;
    const claimed = new Set(found.claimed.map((row) => `${row.userId}:${row.kind}`));
    const items = new Map<string, DigestItem[]>();
    for (const kind of DIGEST_KINDS)
      for (const item of found[kind]) {
        const key = `${item.userId}:${kind}`;
        items.set(key, [...(items.get(key) ?? []), item]);
      }
    // Only claimed digests with something in them; an empty day sends nothing.
    const sending = part.filter(
      (one) => claimed.has(`${one.user.id}:${one.kind}`) && items.has(`${one.user.id}:${one.kind}`),
    );
    if (sending.length === 0) continue;
    const needTokens = sending.some((one) => !one.user.token);
    const recipients = new Map(
      (await withUnsubscribeTokens([...new Map(sending.map((one) => [one.user.id, one.user])).values()])).map(
        (user) => [user.id, user],
      ),
    );
    if (needTokens) roundTrips++;
    for (const one of sending) {
      const recipient = recipients.get(one.user.id);
      if (!recipient) continue;
      const list = items.get(`${one.user.id}:${one.kind}`)!;
      enqueue(
        "mail",
        digestMail(recipient, one.kind, one.cadence, list, origin),
        `digest-${one.user.id}-${one.kind}-${one.period}`,
      );
      mails++;
    }
  }
  return { due: users.length, mails, roundTrips };
}
