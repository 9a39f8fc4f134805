import { sql } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_SETTINGS } from "~/lib/forms/notification-settings";
import { batch, sqlRows } from "~/server/db/batch.server";
import { enqueue } from "~/server/queue/queue.server";
import { activeUserText } from "~/server/users/active-user.server";
import { DIGEST_KINDS, type DigestKind } from "./digest-items.server";
import { type DigestJob, type DueDigest, sendDigestJob } from "./digest-jobs.server";
import type { RecipientRow } from "./mail-recipients.server";
import { notificationOrigin } from "./origin.server";

/**
 * The digests (issue 23 item 5, decision 171), built by the hourly Cron Trigger: everyone whose
 * local hour (in their own zone) is their digest hour gets, for each kind set to "daily", the
 * unseen items of the last 24 hours, and on a local Monday, for each kind set to "weekly", those of
 * the last 7 days. A kind with nothing new sends nothing. A (person, kind, period) row is claimed
 * in `digest_runs` in the same batch that reads the items, so each digest goes once.
 *
 * The cron itself costs one D1 round trip (who is due) and hands the work to `digests` jobs of
 * DIGEST_USERS_PER_JOB people each (`digest-jobs.server.ts`), so 10,000 people are 100 jobs the
 * queue's consumers share, not one long invocation.
 */
export const DIGEST_USERS_PER_JOB = 100;

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

type Due = DueDigest & { user: Candidate };

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

/** This hour's digest jobs: one per DIGEST_USERS_PER_JOB people due, each with who gets which kind. */
async function digestJobs(now: number, origin: string): Promise<DigestJob[]> {
  const { candidates } = await batch({ candidates: candidatesQuery() });
  const due = dueDigests(candidates, now);
  const byUser = new Map<number, Due[]>();
  for (const one of due) byUser.set(one.user.id, [...(byUser.get(one.user.id) ?? []), one]);
  const users = [...byUser.values()];
  const jobs: DigestJob[] = [];
  for (let start = 0; start < users.length; start += DIGEST_USERS_PER_JOB)
    jobs.push({
      at: now,
      origin,
      people: users.slice(start, start + DIGEST_USERS_PER_JOB).map((digests) => {
        const { id, name, email, locale, token } = digests[0]!.user;
        return {
          id,
          name,
          email,
          locale,
          token,
          digests: digests.map(({ kind, cadence, period }) => ({ kind, cadence, period })),
        };
      }),
    });
  return jobs;
}

/** The cron's part: this hour's digests, handed to the queue. Answers how many jobs. */
export async function sendDigests(now = Date.now(), origin = notificationOrigin()) {
  const jobs = await digestJobs(now, origin);
  for (const job of jobs) enqueue("digests", job);
  return jobs.length;
}

/**
 * The same run, every job done here and now, with what it cost: for the bench (`--only digest`,
 * through /__dev/digests) and the tests. Mails still go through the queue.
 */
export async function runDigestsNow(now = Date.now(), origin = notificationOrigin()) {
  const jobs = await digestJobs(now, origin);
  let roundTrips = 1;
  let mails = 0;
  for (const job of jobs) {
    const done = await sendDigestJob(job);
    roundTrips += done.roundTrips;
    mails += done.mails;
  }
  return { people: jobs.reduce((sum, job) => sum + job.people.length, 0), jobs: jobs.length, mails, roundTrips };
}
