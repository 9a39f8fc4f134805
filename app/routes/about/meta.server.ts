import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/middleware/i18next";

export type AboutPageKey = "index" | "aup" | "privacy" | "terms" | "contact";

/**
 * The page's title, translated on the server for `meta`; nothing else. Its description is the
 * root layout's, named in the route's `handle` (lib/page-description.ts).
 */
export function translateAboutMeta(context: Readonly<RouterContextProvider>, page: AboutPageKey) {
  // The policies (aup, privacy, terms) have a namespace of their own (decision 182).
  const namespace = page === "aup" || page === "privacy" || page === "terms" ? "policies" : "about";
  const t = getInstance(context).getFixedT(null, namespace);
  return { title: t(`${page}.meta.title`) };
}
