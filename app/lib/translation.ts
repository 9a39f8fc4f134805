/**
 * What the browser and the server share about translation on request (decision 150): items store
 * the detected language as ISO 639-1 ("es", "zh"); the reader's is an interface language tag
 * ("zh-Hans"), compared by its base language.
 */
export type TranslatableKind = "post" | "comment" | "message" | "mail" | "event";

export function baseLanguage(tag: string): string {
  return tag.split("-")[0]?.toLowerCase() ?? tag;
}

/** Languages the detector names that the translation model (m2m100) does not know. */
const UNTRANSLATABLE = new Set(["eu", "ku", "te"]);

/** An item offers "See translation" when its language is known, translatable and not the reader's. */
export function offersTranslation(itemLang: string | null | undefined, readerLocale: string): itemLang is string {
  return Boolean(itemLang) && itemLang !== baseLanguage(readerLocale) && !UNTRANSLATABLE.has(itemLang as string);
}

/** The language's name in the reader's language ("Spanish", "español"), for "Translated from …". */
export function languageName(code: string, readerLocale: string): string {
  try {
    return new Intl.DisplayNames([readerLocale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A translation as the server answers it (JSON) and the pages show it. */
export type ShownTranslation = { text: string; from: string };
