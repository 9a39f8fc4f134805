import i18next from "i18next";

/**
 * Route modules call this with their own namespace, so the browser downloads a page's texts
 * with that page's chunk instead of every text up front. On the server it is a no-op:
 * the middleware's instance already holds every namespace.
 */
export function registerNamespace(namespace: string, texts: Record<string, unknown>) {
  if (typeof document === "undefined") return;
  if (!i18next.hasResourceBundle("en", namespace)) {
    i18next.addResourceBundle("en", namespace, texts, true, true);
  }
}
