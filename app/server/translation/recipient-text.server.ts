import { sql } from "drizzle-orm";
import type { Translate } from "~/lib/translate";
import type { TranslatableKind } from "~/lib/translation";
import { baseLanguage, languageName, offersTranslation } from "~/lib/translation";
import { batch, sqlRows } from "~/server/db/batch.server";
import { type CachedTranslation, type TranslatableItem, translateItem } from "./translations.server";
import type { Translator } from "./translator.server";
import { configuredTranslator } from "./translator.server";

/**
 * An item's text as one recipient reads it in a push or an e-mail (issue 24 item 5, decision
 * 150): in their language when it was written in another and a translator is configured, marked
 * as translated ("Translated from Spanish", the `common:translation.from` text) with the original
 * beside it; the notification's link opens the item itself, where the original is shown and
 * "See translation" is one tap away. Otherwise the original, unmarked.
 */
export type RecipientText = {
  text: string;
  /** Set when `text` is a translation: the source language's code and its name in the recipient's language. */
  translatedFrom: { code: string; name: string } | null;
  original: string;
};

type ItemRow = { id: number; text: string; lang: string | null; version: number };

/** The item's text, language and version (for notifications, which go to people who may see it). */
function itemQuery(kind: TranslatableKind, id: number) {
  const column = { post: "body", comment: "body", message: "content", mail: "body", event: "description" }[kind];
  const table = { post: "posts", comment: "comments", message: "messages", mail: "mail_messages", event: "events" }[
    kind
  ];
  return sqlRows<ItemRow>(sql`SELECT id, ${sql.raw(column)} AS text, lang, text_version AS version
    FROM ${sql.raw(table)} WHERE id = ${id}`);
}

function allCachedQuery(kind: TranslatableKind, id: number) {
  return sqlRows<CachedTranslation & { lang: string }>(sql`
    SELECT item_id AS itemId, text_version AS textVersion, text, source_lang AS sourceLang, lang FROM translations
    WHERE kind = ${kind} AND item_id = ${id}`);
}

/**
 * The item's text for each recipient language (`locales`: interface tags such as "vi", "zh-Hans"):
 * one D1 round trip for the item and its cached translations, then one translation per language
 * not cached yet (cached after). Meant for the fan-out after the response (push, digests);
 * null when the item is gone.
 */
export async function recipientTexts(
  item: { kind: TranslatableKind; id: number },
  locales: string[],
  translator: Translator | null = configuredTranslator(),
): Promise<Map<string, RecipientText> | null> {
  const { rows, cached } = await batch({
    rows: itemQuery(item.kind, item.id),
    cached: allCachedQuery(item.kind, item.id),
  });
  const row = rows[0];
  if (!row) return null;
  const translatable: TranslatableItem = { kind: item.kind, ...row };
  const texts = new Map<string, RecipientText>();
  await Promise.all(
    [...new Set(locales)].map(async (locale) => {
      texts.set(locale, await textFor(translatable, locale, cached, translator));
    }),
  );
  return texts;
}

/** One recipient's text for an item already read (with its cached translations, any language). */
export async function textFor(
  item: TranslatableItem,
  locale: string,
  cached: (CachedTranslation & { lang?: string })[],
  translator: Translator | null = configuredTranslator(),
): Promise<RecipientText> {
  const original = { text: item.text, translatedFrom: null, original: item.text };
  if (!offersTranslation(item.lang, locale)) return original;
  const mine = cached.filter((row) => row.lang === undefined || row.lang === baseLanguage(locale));
  const result = await translateItem(item, locale, mine, translator);
  if (result.status !== "translated") return original;
  const from = result.translation.from;
  return {
    text: result.translation.text,
    translatedFrom: { code: from, name: languageName(from, locale) },
    original: item.text,
  };
}

/**
 * The item's text for each of these users, in the language of their account (`users.locale`):
 * the hook for pushes and digest e-mails (issue 23's reach, issue 24 item 5). One D1 round trip
 * for the item, its cached translations and the users' languages, then one translation per
 * language not cached yet. Users who share a language share one text, so a push job can be
 * sent once per distinct text. Null when the item is gone.
 */
export async function recipientTextsByUser(
  item: { kind: TranslatableKind; id: number },
  userIds: number[],
  translator: Translator | null = configuredTranslator(),
): Promise<Map<number, RecipientText> | null> {
  const { rows, cached, users } = await batch({
    rows: itemQuery(item.kind, item.id),
    cached: allCachedQuery(item.kind, item.id),
    users: sqlRows<{ id: number; locale: string }>(sql`SELECT id, locale FROM users
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(userIds)}))`),
  });
  const row = rows[0];
  if (!row) return null;
  const translatable: TranslatableItem = { kind: item.kind, ...row };
  const byLocale = new Map<string, Promise<RecipientText>>();
  for (const { locale } of users)
    if (!byLocale.has(locale)) byLocale.set(locale, textFor(translatable, locale, cached, translator));
  const texts = new Map<number, RecipientText>();
  for (const user of users) texts.set(user.id, await byLocale.get(user.locale)!);
  return texts;
}

/**
 * A push's or an e-mail's text: the recipient's, and under a translation the mark "Translated
 * from Spanish" in their language (`t` is the recipient's). The notification's link opens the
 * item, where the original is shown: one tap away.
 */
export function markedText(text: RecipientText, t: Translate): string {
  return text.translatedFrom
    ? `${text.text}\n${t("common:translation.from", { language: text.translatedFrom.name })}`
    : text.text;
}
