import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import {
  cachedTranslationsQuery,
  type TranslationResult,
  translateItem,
} from "~/server/translation/translations.server";
import { VISIBLE } from "./messages.server";

type ItemRow = { id: number; text: string; lang: string | null; version: number };

/**
 * A chat message in the reader's language ("See translation", decision 150): only for the
 * conversation's participants, and not for a removed message. The message and its cached
 * translations are one batch (joined with the chat page's own in a GET, decision 104).
 */
export async function translateChatMessage(
  viewerId: number,
  messageId: number,
  readerLocale: string,
): Promise<TranslationResult | { status: "not_found" }> {
  const { item, cached } = await batch({
    item: sqlRows<ItemRow>(sql`SELECT m.id, m.content AS text, m.lang, m.text_version AS version FROM messages m
      WHERE m.id = ${messageId} AND ${VISIBLE} AND EXISTS (SELECT 1 FROM conversation_participants p
        WHERE p.conversation_id = m.conversation_id AND p.user_id = ${viewerId})`),
    cached: cachedTranslationsQuery("message", [messageId], readerLocale),
  });
  const row = item[0];
  if (!row) return { status: "not_found" };
  return translateItem({ kind: "message", ...row }, readerLocale, cached);
}
