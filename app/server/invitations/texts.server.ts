import { createInstance } from "i18next";
import resources from "~/locales";

let instance: ReturnType<typeof createInstance> | undefined;

/**
 * The invitations' texts in a language given as a parameter, not the request's: the sheet in
 * every language, an invitation mailed in its sender's language from a queue job (no request).
 */
export function textsIn(lang: string) {
  if (!instance) {
    instance = createInstance({
      resources,
      fallbackLng: "en",
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instance.init();
  }
  return instance.getFixedT(lang, "invitations");
}
