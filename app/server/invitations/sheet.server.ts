import QRCode from "qrcode";
import { LANGUAGES, type LanguageCode } from "~/lib/languages";
import { textsIn } from "./texts.server";

/** The invitation link of a token, on this site's origin. */
export function inviteLink(origin: string, token: string) {
  return `${origin}/join/${token}`;
}

/** The link as a QR code: an SVG made on the server (no script on the page, decision 156). */
export function qrSvg(link: string) {
  return QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

export type SheetTexts = { lang: LanguageCode; dir: "ltr" | "rtl"; title: string; steps: string; codeLabel: string };

/** The sheet's texts in each language asked for (the language is i18next's parameter). */
export function sheetTexts(languages: LanguageCode[], name: string): SheetTexts[] {
  return languages.map((lang) => {
    const t = textsIn(lang);
    return {
      lang,
      dir: LANGUAGES.find((language) => language.code === lang)?.dir ?? "ltr",
      title: t("sheet.title", { name }),
      steps: t("sheet.steps"),
      codeLabel: t("sheet.codeLabel"),
    };
  });
}
