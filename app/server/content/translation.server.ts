import { sql } from "drizzle-orm";
import type { ShownTranslation } from "~/lib/translation";
import { batch, sqlRows } from "~/server/db/batch.server";
import {
  type CachedTranslation,
  cachedTranslationsQuery,
  type TranslatableItem,
  type TranslationResult,
  translateItem,
} from "~/server/translation/translations.server";
import { visiblePostSql } from "./visibility.server";

/**
 * Posts and comments in the reader's language, on request (decision 150): only for whoever may
 * see the post; the item and its cached translations are one D1 batch.
 */
export type ContentKind = "post" | "comment";

type ItemRow = { id: number; text: string; lang: string | null; version: number };

function itemQuery(viewerId: number, kind: ContentKind, id: number) {
  return kind === "post"
    ? sqlRows<ItemRow>(sql`SELECT id, body AS text, lang, text_version AS version FROM posts
        WHERE id = ${id} AND ${visiblePostSql(viewerId, id)}`)
    : sqlRows<ItemRow>(sql`SELECT k.id, k.body AS text, k.lang, k.text_version AS version FROM comments k
        WHERE k.id = ${id} AND ${visiblePostSql(viewerId, sql`k.post_id`)}`);
}

export async function translateContent(
  viewerId: number,
  kind: ContentKind,
  id: number,
  readerLocale: string,
): Promise<TranslationResult | { status: "not_found" }> {
  const { item, cached } = await batch({
    item: itemQuery(viewerId, kind, id),
    cached: cachedTranslationsQuery(kind, [id], readerLocale),
  });
  const row = item[0];
  if (!row) return { status: "not_found" };
  return translateItem({ kind, ...row }, readerLocale, cached);
}

/** What a post's page was asked to show translated (`?translate=post`, `?translate=comment-9`). */
export type TranslateRequest = { kind: ContentKind; id: number; locale: string };

/** The request's item in the page's batch: its cached translations (a part of getPostPage's batch). */
export function pageTranslationQuery(request: TranslateRequest) {
  return cachedTranslationsQuery(request.kind, [request.id], request.locale);
}

/** The page's item translated, once the page's batch has read it (null: nothing to show). */
export async function pageTranslation(
  request: TranslateRequest,
  item: { id: number; body: string; lang: string | null; textVersion: number } | undefined,
  cached: CachedTranslation[],
): Promise<(ShownTranslation & { key: string }) | { key: string; failed: true } | null> {
  if (!item) return null;
  const translatable: TranslatableItem = {
    kind: request.kind,
    id: item.id,
    version: item.textVersion,
    text: item.body,
    lang: item.lang,
  };
  const result = await translateItem(translatable, request.locale, cached);
  const key = request.kind === "post" ? "post" : `comment-${item.id}`;
  if (result.status === "translated") return { key, ...result.translation };
  return result.status === "failed" ? { key, failed: true } : null;
}

/** `?translate=post` or `?translate=comment-9` on a post's page. */
export function parseTranslateParam(value: string | null, postId: number, locale: string): TranslateRequest | null {
  if (value === "post") return { kind: "post", id: postId, locale };
  const match = value?.match(/^comment-(\d{1,15})$/);
  return match ? { kind: "comment", id: Number(match[1]), locale } : null;
}
