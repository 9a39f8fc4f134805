import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * One click handler for a whole list's links, instead of a React Router <Link> in every item
 * (decision 205, as the post list does, decision 096): the items render plain <a href> (the
 * same markup and behaviour without JavaScript), and a plain left click on one that stays in
 * the app is sent through the router as <Link> would send it. Put the handler on the list's
 * element; a link that something else handled (`preventDefault`), opens elsewhere (`target`,
 * `download`), leaves the origin or is a file goes its own way.
 */
export function useLinkClicks() {
  const navigate = useNavigate();
  const here = useLocation();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const link = (event.target as Element).closest("a");
    if (!link || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith("/files/")) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    // As <Link> does: a link to the page being shown replaces it in the history.
    navigate(to, { replace: to === `${here.pathname}${here.search}${here.hash}` });
  };
}
