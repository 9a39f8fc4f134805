import type { UIMatch } from "react-router";

/**
 * Every page has a meta description (docs/decisions/073-meta-descriptions.md).
 * A route names the i18n key of its own in `handle.description` ("namespace:key"); the deepest
 * route that names one wins, so a layout gives all its pages a shared one (the signed-in pages
 * share `common:meta.signedInDescription`) and any other page gets the app's own. The root
 * layout translates it, on the server and after client navigations alike.
 */
export type DescriptionHandle = { description?: string };

const FALLBACK = "common:meta.description";

export function descriptionKey(matches: UIMatch[]) {
  for (let i = matches.length - 1; i >= 0; i--) {
    const key = (matches[i]!.handle as DescriptionHandle | undefined)?.description;
    if (key) return key;
  }
  return FALLBACK;
}
