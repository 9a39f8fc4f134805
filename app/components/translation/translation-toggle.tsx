import { languageName, offersTranslation, type ShownTranslation } from "~/lib/translation";

/** The texts it shows (any namespace list with "common" hands its `t` down). */
type ToggleText = (
  key: "common:translation.see" | "common:translation.original" | "common:translation.from",
  values?: { language: string },
) => string;

/** What an item shows of translation (decision 150): its translation, if one is shown. */
export type ItemTranslation = ShownTranslation | null;

/** The translation shown for `item` among a list's ("original" and nothing show the original). */
export function translationIn(
  translations: Readonly<Record<string, ShownTranslation | "original">> | undefined,
  item: string,
): ItemTranslation {
  const shown = translations?.[item];
  return shown && shown !== "original" ? shown : null;
}

/**
 * Under a text written in another language than the reader's: "See translation", a plain link to
 * a page that shows it (`page`, anchored to the item) that the list's script turns into a fetch
 * and swap (`data-translate`); once translated, "Translated from …" and "See original" (back to
 * `original`). Nothing when translation is off or the text is in the reader's language.
 */
// Hook-free: post cards call it as a plain function, not as a component (decision 192).
export function TranslationToggle({
  t,
  readerLocale,
  itemKey,
  itemLang,
  enabled,
  translation,
  page,
  original,
}: {
  t: ToggleText;
  readerLocale: string;
  /** "post", "comment-9": the item, as `?translate=` names it on its page. */
  itemKey: string;
  itemLang: string | null;
  enabled: boolean;
  translation: ItemTranslation;
  page: string;
  original: string;
}) {
  if (translation) {
    return (
      <p className="translation-note">
        {t("common:translation.from", { language: languageName(translation.from, readerLocale) })}
        {" · "}
        <a href={original} className="text-link" data-original={itemKey}>
          {t("common:translation.original")}
        </a>
      </p>
    );
  }
  if (!enabled || !offersTranslation(itemLang, readerLocale)) return null;
  return (
    <p className="translation-note">
      <a href={page} className="text-link" data-translate={itemKey} rel="nofollow">
        {t("common:translation.see")}
      </a>
    </p>
  );
}
