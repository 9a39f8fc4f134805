import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/middleware/i18next";

export type AboutPageKey = "index" | "aup" | "privacy" | "terms" | "contact";

/**
 * The page's title, translated on the server for `meta`; nothing else. Its description is the
 * root layout's, named in the route's `handle` (lib/page-description.ts).
 */
export function translateAboutMeta(context: Readonly<RouterContextProvider>, page: AboutPageKey) {
  const t = getInstance(context).getFixedT(null, "about");
  return { title: t(`${page}.meta.title`) };
}
