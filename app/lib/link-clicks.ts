import { type MouseEvent, type SyntheticEvent, useRef, useState } from "react";
import { type NavigateFunction, useLocation, useNavigate } from "react-router";

/**
 * The link a plain left click landed on, when it stays in the app: nothing else handled the
 * click (`preventDefault`), no modifier key asks for a new tab or window, and the link neither
 * opens elsewhere (`target`, `download`) nor leaves the origin. Otherwise null: the browser
 * does what it would do.
 */
export function plainClickedLink(event: MouseEvent<HTMLElement>): { link: HTMLAnchorElement; url: URL } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return null;
  const link = (event.target as Element).closest("a");
  if (!link || link.target || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? { link, url } : null;
}

/** Sends an in-app address through the router as <Link> would: a link to the page being shown
 * replaces it in the history. Files (photos) are documents of their own, not pages of the app. */
export function navigateAsLink(
  event: MouseEvent<HTMLElement>,
  url: URL,
  navigate: NavigateFunction,
  here: { pathname: string; search: string; hash: string },
) {
  if (url.pathname.startsWith("/files/")) return;
  event.preventDefault();
  const to = `${url.pathname}${url.search}${url.hash}`;
  navigate(to, { replace: to === `${here.pathname}${here.search}${here.hash}` });
}

/**
 * One click handler for a whole list's links, instead of a React Router <Link> in every item
 * (decision 205, as the post list does, decision 096): the items render plain <a href> (the
 * same markup and behaviour without JavaScript), and a plain left click on one that stays in
 * the app is sent through the router as <Link> would send it. Put the handler on the list's
 * element.
 */
export function useLinkClicks() {
  const navigate = useNavigate();
  const here = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    const clicked = plainClickedLink(event);
    if (clicked) navigateAsLink(event, clicked.url, navigate, here);
  };
}

/**
 * `prefetch="intent"` for a whole navigation's plain links (decision 218), as `<Link>` does it
 * for one: a link pointed at (hovered, focused, touched) for 100 ms names the page to prefetch;
 * leaving it, or the navigation, stops. The caller renders `<PrefetchPageLinks page={page} />`
 * for the page named and spreads `handlers` on the navigation's element.
 */
export function useIntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  const timer = useRef(0);
  const aim = (href: string | null) => {
    clearTimeout(timer.current);
    timer.current = window.setTimeout(setPage, href ? 100 : 0, href);
  };
  const enter = (event: SyntheticEvent<HTMLElement>) =>
    aim((event.target as Element).closest("a")?.getAttribute("href") ?? null);
  const leave = () => aim(null);
  return {
    page,
    handlers: { onMouseOver: enter, onFocus: enter, onTouchStart: enter, onMouseLeave: leave, onBlur: leave },
  };
}
