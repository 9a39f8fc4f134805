import { type MouseEvent as ReactMouseEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { avatarElement } from "~/components/layout/user-avatar";
import { FriendStatus, type UserInfo } from "~/lib/friend-status";
import { rememberUser } from "~/lib/user-cache";

/**
 * AvatarPopup (avatar-popup.tsx) without controls, for a long list of people (the friends page,
 * decision 205): a plain function, no hooks and no <Link>. The list calls `usePopupList` once for
 * what each AvatarPopup's hooks did (close on a click outside, Escape, focus leaving or a new
 * location; the user cache) and sends its links through the router (`useLinkClicks`). `texts`
 * are the list's, looked up once. A module of its own: the list loads neither AvatarPopup's code
 * nor its controls'.
 *
 * The card (the avatar at 64 px, the name, @username) repeats what the row beside it shows, so
 * the server sends only the popup's trigger and its "View profile" link, what a reader without
 * JavaScript needs; with it, the list makes its cards when a first popup opens (`withCard`,
 * decision 215).
 */
export function personPopup(
  user: UserInfo,
  texts: { label: (name: string) => string; unknown: string; viewProfile: string },
  discover = false,
  withCard = false,
) {
  const label = user.name || texts.unknown;
  return (
    <details className="menu avatar-popup">
      <summary className="avatar-popup-trigger" aria-label={texts.label(user.name ?? texts.unknown)}>
        {avatarElement(user.name, user.avatar, "default", label)}
      </summary>
      <div className="menu-panel avatar-popup-panel">
        {withCard ? (
          <div className="avatar-popup-card">
            {avatarElement(user.name, user.avatar, "large", label)}
            <div>
              <strong className="avatar-popup-name" dir="auto">
                {user.name ?? texts.unknown}
              </strong>
              {user.username ? (
                <p className="hint">
                  <bdi>{`@${user.username}`}</bdi>
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        <a href={`/users/${user.id}`} data-discover={discover ? true : undefined}>
          {texts.viewProfile}
        </a>
      </div>
    </details>
  );
}

/**
 * `personPopup`'s behaviour, once for the list its ref is on (see useDisclosure, decision 035),
 * and whether its cards are made: `onClick` on the list makes them as a first popup opens, in the
 * same task, so the card is there when the popup is first painted.
 */
export function usePopupList(users: UserInfo[]) {
  const ref = useRef<HTMLUListElement>(null);
  // The cards (a page of people, 20 at most: decision 215) are made when a first popup opens.
  const [cards, setCards] = useState(false);
  const { pathname, search } = useLocation();
  const shownAt = useRef(`${pathname}${search}`);
  const openPopups = () => ref.current?.querySelectorAll<HTMLDetailsElement>("details.avatar-popup[open]") ?? [];

  // What the server just said replaces the cached user (SPEC §4).
  useEffect(() => {
    for (const user of users) if (user.friendStatus !== FriendStatus.Unknown) rememberUser(user);
  }, [users]);

  // A new location closes them; hydration does not (a popup tapped open before the scripts ran stays open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: openPopups reads the ref
  useEffect(() => {
    const here = `${pathname}${search}`;
    if (shownAt.current === here) return;
    shownAt.current = here;
    for (const popup of openPopups()) popup.open = false;
  }, [pathname, search]);

  // A popup tapped open before the scripts ran gets its card now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    if (openPopups().length) setCards(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: openPopups reads the ref
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const popupOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLDetailsElement>("details.avatar-popup") : null;
    const onDocumentClick = (event: MouseEvent) => {
      for (const popup of openPopups()) if (!popup.contains(event.target as Node)) popup.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const popup = popupOf(event.target);
      // A modal <dialog> inside (a confirmation) handles its own Escape first.
      if (event.key !== "Escape" || !popup?.open || popup.querySelector("dialog[open]")) return;
      event.preventDefault();
      popup.open = false;
      popup.querySelector("summary")?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const popup = popupOf(event.target);
      const next = event.relatedTarget;
      // null: focus went to the page itself (a click on text); the click handler decides.
      if (popup?.open && next instanceof Node && !popup.contains(next)) popup.open = false;
    };
    document.addEventListener("click", onDocumentClick);
    list.addEventListener("keydown", onKeyDown);
    list.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("click", onDocumentClick);
      list.removeEventListener("keydown", onKeyDown);
      list.removeEventListener("focusout", onFocusOut);
    };
  }, []);

  return {
    ref,
    cards,
    /** A click on a trigger (a tap, Enter or Space) opens its popup: the cards are made in the same task. */
    onClick(event: ReactMouseEvent<HTMLElement>) {
      if (event.target instanceof Element && event.target.closest("summary")) setCards(true);
    },
  };
}
