import { waitUntil } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { baseLanguage, offersTranslation, type ShownTranslation, type TranslatableKind } from "~/lib/translation";
import { batch, sqlRows, sqlRun } from "~/server/db/batch.server";
import { withoutJoining } from "~/server/db/join-batches.server";
import { configuredTranslator, type Translator } from "./translator.server";

/**
 * Translation on request, cached in D1 per (kind, item, version, language) (decision 150): a text
 * is translated once per language, and an edit (a new version) is translated afresh. The areas
 * read their item with the reader's rights and the cached rows in the same batch
 * (`cachedTranslationsQuery`), then hand both here.
 */
export type TranslatableItem = {
  kind: TranslatableKind;
  id: number;
  version: number;
  text: string;
  /** The detected language (ISO 639-1), null when unknown. */
  lang: string | null;
};

export type CachedTranslation = { itemId: number; textVersion: number; text: string; sourceLang: string };

export type TranslationResult =
  | { status: "translated"; translation: ShownTranslation }
  | { status: "same_language" | "unavailable" | "failed" };

/** The item table of each kind, for the version an edit bumps. */
const TABLES: Record<TranslatableKind, string> = {
  post: "posts",
  comment: "comments",
  message: "messages",
  mail: "mail_messages",
  event: "events",
};

/** Cached translations of these items into the reader's language (batchable; any version, matched later). */
export function cachedTranslationsQuery(kind: TranslatableKind, itemIds: number[], readerLocale: string) {
  return sqlRows<CachedTranslation>(sql`
    SELECT item_id AS itemId, text_version AS textVersion, text, source_lang AS sourceLang FROM translations
    WHERE kind = ${kind} AND lang = ${baseLanguage(readerLocale)}
      AND item_id IN (SELECT value FROM json_each(${JSON.stringify(itemIds)}))`);
}

/**
 * For an edit's batch, after the UPDATE that bumped the version: translations of the older
 * texts go (they would never be shown again).
 */
export function staleTranslationsDelete(kind: TranslatableKind, itemId: number) {
  return sqlRun(sql`DELETE FROM translations WHERE kind = ${kind} AND item_id = ${itemId}
    AND text_version < (SELECT text_version FROM ${sql.raw(TABLES[kind])} WHERE id = ${itemId})`);
}

/** The cached translation of this very version, if any. */
export function cachedFor(item: TranslatableItem, cached: CachedTranslation[]): ShownTranslation | null {
  const row = cached.find((entry) => entry.itemId === item.id && entry.textVersion === item.version);
  return row ? { text: row.text, from: row.sourceLang } : null;
}

/**
 * The item's text in the reader's language: from the cache, or from the translator (and then
 * cached after the response, so the request costs no second D1 round trip).
 */
export async function translateItem(
  item: TranslatableItem,
  readerLocale: string,
  cached: CachedTranslation[],
  translator: Translator | null = configuredTranslator(),
): Promise<TranslationResult> {
  if (!offersTranslation(item.lang, readerLocale)) return { status: "same_language" };
  if (!translator) return { status: "unavailable" };
  const hit = cachedFor(item, cached);
  if (hit) return { status: "translated", translation: hit };
  const from = item.lang;
  const to = baseLanguage(readerLocale);
  let text: string;
  try {
    text = await translator.translate(item.text, from, to);
  } catch (error) {
    console.error("translation failed", { kind: item.kind, id: item.id, error: String(error) });
    return { status: "failed" };
  }
  waitUntil(
    withoutJoining(() =>
      batch({
        stored: sqlRun(sql`INSERT INTO translations (kind, item_id, text_version, lang, source_lang, text)
          VALUES (${item.kind}, ${item.id}, ${item.version}, ${to}, ${from}, ${text})
          ON CONFLICT DO NOTHING`),
      }).catch((error: unknown) => console.error("translation not cached", String(error))),
    ),
  );
  return { status: "translated", translation: { text, from } };
}
