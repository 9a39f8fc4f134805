import { sql } from "drizzle-orm";
import { baseLanguage, languageName, offersTranslation } from "~/lib/translation";
import { batch, sqlRun } from "~/server/db/batch.server";
import type { RecipientText } from "./recipient-text.server";
import type { TranslatableItem } from "./translations.server";
import { configuredTranslator, type Translator } from "./translator.server";

/**
 * Many items for many readers at once (a digest job's hundred people, decision 184): the caller
 * read each item with its cached translation into its reader's language in its own batch; here
 * each (item, version, language) still missing is translated once, however many readers share
 * it, and all of them are cached in ONE D1 round trip. Translations that fail, or past
 * `MAX_NEW_TRANSLATIONS` in one call, leave their readers the original, unmarked.
 */
export type ReaderTextRequest = {
  item: TranslatableItem;
  /** The reader's interface language ("vi", "zh-Hans"). */
  locale: string;
  /** The cached translation of this version into the reader's language, when the caller found one. */
  cached: { text: string; from: string } | null;
};

/** New translations one call asks for at most: a digest job stays within a Worker's subrequests. */
export const MAX_NEW_TRANSLATIONS = 100;
/** Translations asked at the same time. */
const PARALLEL = 4;

export async function readerTexts(
  requests: ReaderTextRequest[],
  translator: Translator | null = configuredTranslator(),
): Promise<{ texts: RecipientText[]; roundTrips: number }> {
  const keyOf = ({ item, locale }: ReaderTextRequest) =>
    `${item.kind}:${item.id}:${item.version}:${baseLanguage(locale)}`;
  const wanted = new Map<string, ReaderTextRequest>();
  for (const request of requests)
    if (translator && !request.cached && offersTranslation(request.item.lang, request.locale))
      if (!wanted.has(keyOf(request)) && wanted.size < MAX_NEW_TRANSLATIONS) wanted.set(keyOf(request), request);
  const made = new Map<string, string>();
  const queue = [...wanted.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, { item, locale }] = next;
      try {
        made.set(key, await translator!.translate(item.text, item.lang!, baseLanguage(locale)));
      } catch (error) {
        console.error("translation failed", { kind: item.kind, id: item.id, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const texts = requests.map((request): RecipientText => {
    const { item, locale, cached } = request;
    const original = item.text;
    if (!translator || !offersTranslation(item.lang, locale)) return { text: original, translatedFrom: null, original };
    const translation =
      cached ?? (made.has(keyOf(request)) ? { text: made.get(keyOf(request))!, from: item.lang } : null);
    if (!translation) return { text: original, translatedFrom: null, original };
    return {
      text: translation.text,
      translatedFrom: { code: translation.from, name: languageName(translation.from, locale) },
      original,
    };
  });
  if (made.size === 0) return { texts, roundTrips: 0 };
  const rows = JSON.stringify(
    [...made].map(([key, text]) => {
      const { item, locale } = wanted.get(key)!;
      return { kind: item.kind, id: item.id, version: item.version, lang: baseLanguage(locale), from: item.lang, text };
    }),
  );
  // Not cached is not lost: the readers have their texts, the next reader asks again.
  await batch({
    stored: sqlRun(sql`INSERT INTO translations (kind, item_id, text_version, lang, source_lang, text)
      SELECT json_extract(value, '$.kind'), json_extract(value, '$.id'), json_extract(value, '$.version'),
        json_extract(value, '$.lang'), json_extract(value, '$.from'), json_extract(value, '$.text')
      FROM json_each(${rows}) WHERE 1 ON CONFLICT DO NOTHING`),
  }).catch((error: unknown) => console.error("translations not cached", String(error)));
  return { texts, roundTrips: 1 };
}
