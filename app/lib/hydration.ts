import type { UIMatch } from "react-router";

/**
 * Routes say in their `handle` whether their page needs the app's JavaScript (decision 043).
 * Pages that work completely as plain HTML for a guest (the About pages, the landing page)
 * declare `handle: HydrationHandle = { hydrate: false }` (a type-only import, so this module
 * stays in the root chunk and adds no file to any page): a guest gets no <script> and no
 * module preload there, and links are ordinary page loads. Signed-in users always get the full
 * app (live notifications).
 */
export type HydrationHandle = {
  hydrate?: boolean;
  /** What such a page inlines beyond the guest stylesheet's core: app/styles/guest-<part>.css (decision 109). */
  guestStyles?: GuestStylePart[];
};
/** The optional parts of the guest stylesheet; "notices" is added by the page's toast, not named by routes. */
export type GuestStylePart = "forms" | "landing" | "notices";

/**
 * Whether the page ships scripts: the deepest matched route decides, for guests only. Takes the
 * layout's `useMatches()` or, on the server before rendering, the router's matched routes' handles.
 */
export function shipsScripts(matches: readonly Pick<UIMatch, "handle">[], signedIn: boolean) {
  if (signedIn) return true;
  const leaf = matches.at(-1);
  return (leaf?.handle as HydrationHandle | undefined)?.hydrate !== false;
}
