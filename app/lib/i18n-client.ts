import i18next from "i18next";

/**
 * Route modules call this with their own namespace, so the browser downloads a page's texts
 * with that page's chunk instead of every text up front. On the server it is a no-op:
 * the middleware's instance already holds every namespace.
 */
export function registerNamespace(namespace: string, texts: Record<string, unknown>) {
  if (typeof document === "undefined") return;
  const add = () => {
    if (!i18next.hasResourceBundle("en", namespace)) i18next.addResourceBundle("en", namespace, texts, true, true);
  };
  // The first page's route modules run before entry.client initialises i18next (React Router
  // imports them first), and i18next only gains its resource methods in init(): wait for it.
  // init emits "initialized" before it resolves, so the texts are there before hydration.
  if (i18next.isInitialized) add();
  else i18next.on("initialized", add);
}
