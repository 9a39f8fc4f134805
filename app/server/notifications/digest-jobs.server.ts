import { sql } from "drizzle-orm";
import { baseLanguage } from "~/lib/translation";
import { batch, sqlRows } from "~/server/db/batch.server";
import { enqueue } from "~/server/queue/queue.server";
import { type ReaderTextRequest, readerTexts } from "~/server/translation/reader-texts.server";
import type { RecipientText } from "~/server/translation/recipient-text.server";
import {
  DIGEST_KINDS,
  DIGEST_QUOTES,
  type DigestItem,
  type DigestKind,
  type DigestWindow,
  digestItemsQuery,
} from "./digest-items.server";
import { type Cadence, digestMail } from "./digest-mail.server";
import { type RecipientRow, withUnsubscribeTokens } from "./mail-recipients.server";

/**
 * One `digests` job (decision 171): up to DIGEST_USERS_PER_JOB people and the digests due to
 * each this hour. One D1 batch claims every (person, kind, period) in `digest_runs` and reads
 * every kind's unseen items (a transaction: a second run, or this job delivered twice, claims
 * nothing and sends nothing); a second round trip only when someone has no unsubscribe token
 * yet, and one more only when someone's lines needed a translation not cached yet (decision 184:
 * per job, never per person). Each digest with something in it becomes a `mail` job.
 */
export type DueDigest = { kind: DigestKind; cadence: Cadence; period: string };
export type DigestPerson = { id: number; name: string; email: string; locale: string; token: string | null };
export type DigestJob = { at: number; origin: string; people: (DigestPerson & { digests: DueDigest[] })[] };

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    digests: DigestJob;
  }
}

const HOUR = 3_600_000;
const WINDOW: Record<Cadence, number> = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR };

export async function sendDigestJob({ at, origin, people }: DigestJob) {
  const due = people.flatMap((person) => person.digests.map((digest) => ({ ...digest, person })));
  const windows = (kind: DigestKind): DigestWindow[] =>
    due
      .filter((one) => one.kind === kind)
      .map((one) => ({ id: one.person.id, since: at - WINDOW[one.cadence], lang: baseLanguage(one.person.locale) }));
  const claims = JSON.stringify(due.map((one) => ({ id: one.person.id, kind: one.kind, period: one.period })));
  const found = await batch({
    claimed: sqlRows<{ userId: number; kind: DigestKind }>(sql`
      INSERT INTO digest_runs (user_id, kind, period)
      SELECT json_extract(value, '$.id'), json_extract(value, '$.kind'), json_extract(value, '$.period')
      FROM json_each(${claims}) WHERE 1 ON CONFLICT DO NOTHING RETURNING user_id AS userId, kind`),
    posts: digestItemsQuery("posts", windows("posts"), at),
    friends: digestItemsQuery("friends", windows("friends"), at),
    inbox: digestItemsQuery("inbox", windows("inbox"), at),
    chat: digestItemsQuery("chat", windows("chat"), at),
    events: digestItemsQuery("events", windows("events"), at),
  });
  let roundTrips = 1;
  const claimed = new Set(found.claimed.map((row) => `${row.userId}:${row.kind}`));
  const items = new Map<string, DigestItem[]>();
  for (const kind of DIGEST_KINDS)
    for (const item of found[kind]) {
      const key = `${item.userId}:${kind}`;
      items.set(key, [...(items.get(key) ?? []), item]);
    }
  // Only claimed digests with something in them: an empty day sends nothing.
  const sending = due.filter((one) => {
    const key = `${one.person.id}:${one.kind}`;
    return claimed.has(key) && items.has(key);
  });
  if (sending.length === 0) return { mails: 0, roundTrips };
  const mailed = [...new Map(sending.map((one) => [one.person.id, one.person])).values()];
  if (mailed.some((person) => !person.token)) roundTrips++;
  const asRows = mailed.map(
    (person) => ({ ...person, zone: "UTC", mode: "", start: 0, end: 0 }) satisfies RecipientRow,
  );
  const recipients = new Map((await withUnsubscribeTokens(asRows)).map((person) => [person.id, person]));
  const translated = await quotedTexts(sending, items);
  roundTrips += translated.roundTrips;
  let mails = 0;
  for (const one of sending) {
    const recipient = recipients.get(one.person.id);
    if (!recipient) continue;
    const list = items.get(`${one.person.id}:${one.kind}`)!;
    const key = `digest-${one.person.id}-${one.kind}-${one.period}`;
    const texts = list.map((item) => translated.texts.get(item) ?? null);
    enqueue("mail", digestMail(recipient, one.kind, one.cadence, list, origin, texts), key);
    mails++;
  }
  return { mails, roundTrips };
}

/**
 * The words each line quotes (a post, a chat message), in its reader's language when it was
 * written in another and translation is configured (issue 24 item 5): cached translations came
 * with the items; the rest are translated once per (item, language) for the whole job.
 */
async function quotedTexts(sending: (DueDigest & { person: DigestPerson })[], items: Map<string, DigestItem[]>) {
  const requests: (ReaderTextRequest & { line: DigestItem })[] = [];
  for (const one of sending) {
    const kind = DIGEST_QUOTES[one.kind];
    if (!kind) continue;
    for (const line of items.get(`${one.person.id}:${one.kind}`)!)
      if (line.quoteId !== null && line.version !== null)
        requests.push({
          line,
          locale: one.person.locale,
          item: { kind, id: line.quoteId, version: line.version, text: line.text ?? "", lang: line.lang },
          cached:
            line.cached !== null && line.cachedFrom !== null ? { text: line.cached, from: line.cachedFrom } : null,
        });
  }
  const texts = new Map<DigestItem, RecipientText>();
  if (requests.length === 0) return { texts, roundTrips: 0 };
  const found = await readerTexts(requests);
  for (const [index, request] of requests.entries()) texts.set(request.line, found.texts[index]!);
  return { texts, roundTrips: found.roundTrips };
}
