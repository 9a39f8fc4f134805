/**
 * The interface languages (issue 24): BCP 47 tags as the locale folders, the `lng` cookie and
 * `users.locale` spell them, each with its writing direction and its own name for the language
 * switch. English is the fallback for a missing text.
 */
export const LANGUAGES = [
  { code: "en", dir: "ltr", name: "English" },
  { code: "es", dir: "ltr", name: "Español" },
  { code: "zh-Hans", dir: "ltr", name: "简体中文" },
  { code: "vi", dir: "ltr", name: "Tiếng Việt" },
  { code: "ar", dir: "rtl", name: "العربية" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const FALLBACK_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function directionOf(code: string): "ltr" | "rtl" {
  return LANGUAGES.find((language) => language.code === code)?.dir ?? "ltr";
}
