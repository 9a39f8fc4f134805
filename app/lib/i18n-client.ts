import { browserTranslations } from "~/lib/i18n-lite/translations";

/**
 * Route modules call this with their own namespace, so the browser downloads a page's texts
 * with that page's chunk instead of every text up front. On the server it is a no-op:
 * the middleware's instance already holds every namespace.
 */
export function registerNamespace(namespace: string, texts: Record<string, unknown>) {
  if (typeof document === "undefined") return;
  const add = () => {
    if (!browserTranslations.hasResourceBundle("en", namespace))
      browserTranslations.addResourceBundle("en", namespace, texts, true, true);
  };
  // The first page's route modules run before entry.client initialises the translations
  // (React Router imports them first): wait for init, which emits "initialized" before it
  // resolves, so the texts are there before hydration.
  if (browserTranslations.isInitialized) add();
  else browserTranslations.on("initialized", add);
}
