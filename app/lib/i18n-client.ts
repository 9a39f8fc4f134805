import { browserTranslations } from "~/lib/i18n-lite/translations";

/** Namespaces the page uses whose texts in its language are not here yet (not English). */
const wanted = new Set<string>(["common"]);
const loading = new Map<string, Promise<void>>();

/**
 * Route modules call this with their own namespace, so the browser downloads a page's texts
 * with that page's chunk instead of every text up front. On the server it is a no-op:
 * the middleware's instance already holds every namespace. The texts given are English: a page
 * in another language fetches its own with `loadPageTexts` before it renders.
 */
export function registerNamespace(namespace: string, texts: Record<string, unknown>) {
  if (typeof document === "undefined") return;
  wanted.add(namespace);
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

/**
 * The texts of every namespace registered so far, in the page's language (issue 24), from
 * `/texts/<lng>/<ns>`: awaited before hydration (entry.client) and before each navigation (the
 * root's client middleware), so the browser renders exactly what the server wrote. English is
 * in the chunks already; a namespace that fails to load falls back to it text by text.
 */
export async function loadPageTexts(language = browserTranslations.language) {
  if (language === "en") return;
  await Promise.all(
    [...wanted].map((namespace) => {
      const key = `${language}/${namespace}`;
      if (browserTranslations.hasResourceBundle(language, namespace)) return undefined;
      let load: Promise<void> | undefined = loading.get(key);
      if (load === undefined) {
        load = fetch(`/texts/${key}`)
          .then((response) => (response.ok ? response.json() : {}))
          .then((texts: Record<string, unknown>) => {
            browserTranslations.addResourceBundle(language, namespace, texts, true, true);
          })
          .catch(() => {
            loading.delete(key);
          });
        loading.set(key, load);
      }
      return load;
    }),
  );
}
