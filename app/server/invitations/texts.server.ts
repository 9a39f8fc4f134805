import { createInstance } from "i18next";
import { addLimitFormat, TEXT_VALUES } from "~/lib/text-values";
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
      interpolation: { escapeValue: false, defaultVariables: TEXT_VALUES },
    });
    instance.init();
    addLimitFormat(instance);
  }
  return instance.getFixedT(lang, "invitations");
}
