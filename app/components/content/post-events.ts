import {
  type ComponentType,
  type FormEvent,
  type MouseEvent,
  type SyntheticEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useFetchers, useLocation, useNavigate, useRevalidator, useRouteLoaderData, useSubmit } from "react-router";
import type { UserInfo } from "~/lib/friend-status";
import { navigateAsLink, plainClickedLink } from "~/lib/link-clicks";
import type { ShownTranslation } from "~/lib/translation";
import { OUTBOX_SENT } from "~/pwa/protocol";
import type { loader as rootLoader } from "~/root";
import { dropDraft, keepDraft, restoreDrafts } from "./comment-drafts";
import type { WaitingComment } from "./comment-outbox";
import { openerIn, returnToOf } from "./post-openers";

export type AuthorPopup = ComponentType<{ user: UserInfo | null }>;

/**
 * What a post shows translated (decision 150), by item ("post", "comment-9", as `?translate=`
 * names them): a translation, or "original" where the reader went back to the original.
 */
export type PostTranslations = Readonly<Record<string, ShownTranslation | "original">>;

/** A translation the post's page was opened with (`?translate=…`, the page without JavaScript). */
export type PageTranslation = ShownTranslation & { postId: number; item: string };

const NO_TRANSLATIONS: PostTranslations = {};

/** What is open in one post: the form a Report/Edit link opened ("report=post", "edit=comment-9"). */
type OpenForm = { postId: number; form: string };

/**
 * The like forms' fetcher keys: `like:` and the form's action up to its intent, one per post or
 * comment, so a second tap replaces the first. The action names the post, the target and, last,
 * the intent (decisions 106, 204): "/content/5?target=comment:9&returnTo=/newsfeed&intent=like"
 * is keyed "like:/content/5?target=comment:9&returnTo=/newsfeed".
 */
const LIKE = "like:";
const INTENT = "&intent=";
const likeKey = (action: string) => LIKE + action.slice(0, action.lastIndexOf(INTENT));

/** A post with no comment waiting to send (one array, so memoised posts stay so). */
const NONE: WaitingComment[] = [];

/**
 * One set of event handlers for a whole list of posts, instead of React Router's <Link>, <Form>
 * and a fetcher in every post and comment (decision 096): the posts render plain <a> and
 * <form> (the same markup, the same behaviour without JavaScript), and clicks and submits that
 * bubble up here are sent through the router as those components would (client navigation,
 * pending states, revalidation). Also keeps what the posts open on demand (decision 076): the
 * inline Report/Edit form and the author's popup, so a post needs no state of its own.
 */
export function usePostEvents(pageTranslation: PageTranslation | null = null, viewerId?: number) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const fetchers = useFetchers();
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);
  const [popup, setPopup] = useState<{ postId: number; Popup: AuthorPopup } | null>(null);
  // Translations fetched here, by post (decision 150); "See translation" shows only when the
  // deploy has a translator.
  const [translations, setTranslations] = useState<Record<number, PostTranslations>>({});
  const canTranslate = useRouteLoaderData<typeof rootLoader>("root")?.config.translation ?? false;
  function showTranslation(postId: number, item: string, shown: ShownTranslation | "original") {
    setTranslations((all) => ({ ...all, [postId]: { ...all[postId], [item]: shown } }));
  }
  // Sent (the page reloaded after the redirect) or left: the open form closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever a navigation completes
  useEffect(() => setOpenForm(null), [location.key]);
  // A comment being written when its page went: back in its box before paint (decision 236).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every page this list shows
  useLayoutEffect(restoreDrafts, [location.key]);
  // The posts' menus (decision 124): a tap outside or Escape closes the open one. One listener
  // for the whole list, not a hook per post (decision 096).
  useEffect(() => {
    const openMenus = () => document.querySelectorAll<HTMLDetailsElement>("details.item-menu[open]");
    const onClick = (event: globalThis.MouseEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || document.querySelector("dialog[open]")) return;
      for (const menu of openMenus()) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  // Comments written offline (decision 133): held on the device, shown as waiting, and the page's
  // data read again once the service worker has sent one. The outbox's code loads only where a
  // worker is in control (it would send nothing otherwise), through the worker, so it is on the
  // device for the first comment written offline.
  const [waiting, setWaiting] = useState<WaitingComment[]>(NONE);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!viewerId || !worker) return;
    let open = true;
    const load = () => {
      if (!worker.controller) return;
      import("./comment-outbox")
        .then((outbox) => outbox.heldComments(viewerId))
        .then(
          (items) => open && setWaiting(items),
          () => undefined,
        );
    };
    const onMessage = (event: MessageEvent) => {
      const item = event.data?.type === OUTBOX_SENT ? event.data.sent?.item : null;
      if (!item?.scope.startsWith("comment:")) return;
      setWaiting((items) => items.filter((one) => one.key !== item.key));
      void revalidate.current();
    };
    load();
    worker.addEventListener("controllerchange", load);
    worker.addEventListener("message", onMessage);
    return () => {
      open = false;
      worker.removeEventListener("controllerchange", load);
      worker.removeEventListener("message", onMessage);
    };
  }, [viewerId]);
  const waitingByPost = useMemo(() => {
    const byPost = new Map<number, WaitingComment[]>();
    for (const item of waiting) byPost.set(item.postId, [...(byPost.get(item.postId) ?? []), item]);
    return byPost;
  }, [waiting]);

  // Likes being sent, by post: "post:5=like;comment:9=unlike;" (a string, so unchanged posts stay memoised).
  const pendingLikes = new Map<number, string>();
  for (const fetcher of fetchers) {
    const action = fetcher.formAction;
    if (!action || !fetcher.key.startsWith(LIKE)) continue;
    // ["like:", "content", post, "target", target, …]
    const [, , post, , target] = fetcher.key.split(/[/?&=]/);
    const postId = Number(post);
    const entry = `${target}=${action.slice(action.lastIndexOf(INTENT) + INTENT.length)};`;
    pendingLikes.set(postId, (pendingLikes.get(postId) ?? "") + entry);
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    const clicked = plainClickedLink(event);
    if (!clicked) return;
    const { link, url } = clicked;
    // A card says its post once, in its id ("post-12"; decision 233).
    const postId = Number(link.closest("article")?.id.slice("post-".length));
    // The comment icon is the list's one link within the page (decision 192).
    if (link.getAttribute("href")?.[0] === "#") {
      // The comment icon: to the post's comment box, focused, without leaving the page.
      event.preventDefault();
      const box = document.getElementById(url.hash.slice(1));
      box?.scrollIntoView({ block: "center" });
      box?.focus({ preventScroll: true });
      return;
    }
    // A Report/Edit link says whether its form is open (TextFormLink): no marker of its own
    // (decision 192). A browser without ARIA reflection follows the link to the post's page.
    if (link.ariaExpanded) {
      // Report/Edit: the form opens here, made at this moment (decision 076), and its menu closes.
      event.preventDefault();
      const menu = link.closest("details");
      if (menu) menu.open = false;
      const form = url.search.slice(1);
      // The post it belongs to, from its address (/content/<post>?…): on a post's page its
      // comments are outside the post's <article>.
      const owner = Number(url.pathname.split("/")[2]);
      setOpenForm((open) => (open?.postId === owner && open.form === form ? null : { postId: owner, form }));
      return;
    }
    if (link.dataset.translate !== undefined || link.dataset.original !== undefined) {
      // "See translation": fetched and shown in place; "See original": back (decision 150). The
      // post and the item come from the link's address (/content/<post>?translate=comment-9).
      event.preventDefault();
      const owner = Number(url.pathname.split("/")[2]);
      const item = link.dataset.original ?? url.searchParams.get("translate") ?? "post";
      if (link.dataset.original !== undefined) {
        showTranslation(owner, item, "original");
        return;
      }
      const [kind, id] = item === "post" ? ["post", owner] : item.split("-");
      fetch(`/translation/${kind}/${id}`, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<ShownTranslation>) : Promise.reject()))
        .then(
          (shown) => showTranslation(owner, item, { text: shown.text, from: shown.from }),
          // The page without script says why it could not translate.
          () => window.location.assign(url.href),
        );
      return;
    }
    // The author's avatar is the one link a card's header holds itself (PostAuthor; decision 233).
    if (link.parentElement?.localName === "header") {
      // The author's avatar: the popup's code loads on the first tap (decisions 076, 078).
      event.preventDefault();
      import("./author-popup").then(
        (module) => setPopup({ postId, Popup: module.AvatarPopup }),
        () => window.location.assign(url.href),
      );
      return;
    }
    navigateAsLink(event, url, navigate, location);
  }

  /** A comment box's text, kept until it is sent (decision 236). */
  function onInput(event: FormEvent<HTMLElement>) {
    keepDraft(event.target);
  }

  function onSubmit(event: SyntheticEvent<HTMLElement, SubmitEvent>) {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    // Sent (or held to send): no longer a draft. A submission is a navigation of its own, so it
    // also wins over a link's navigation still under way (React Router abandons that one).
    dropDraft(form);
    const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
    // A like's button is the one that says whether it is pressed (LikeForm, decision 192).
    if (submitter?.ariaPressed) {
      submit(submitter, {
        navigate: false,
        fetcherKey: likeKey(form.getAttribute("action") ?? ""),
        preventScrollReset: true,
      });
    } else if (form.classList.contains("comment-form")) {
      // A comment or a reply, with the key the server knows a repeat by (decision 133).
      const box = form.querySelector("textarea");
      const fields = new FormData(form, submitter);
      const clientKey = crypto.randomUUID?.();
      if (clientKey) fields.set("clientKey", clientKey);
      const action = form.getAttribute("action") ?? "";
      if (!navigator.onLine && clientKey && viewerId && navigator.serviceWorker?.controller) {
        // Offline: kept on the device and shown as waiting; the worker sends it when back online.
        import("./comment-outbox")
          .then((outbox) => outbox.holdComment(viewerId, action, fields))
          .then(
            (item) => {
              setWaiting((items) => [...items, item]);
              form.reset();
            },
            () => undefined,
          );
        return;
      }
      // Once sent (the page has it), the box is empty again and keeps the focus, ready for the
      // next one, instead of inviting the same text twice.
      void Promise.resolve(submit(fields, { method: "post", action, preventScrollReset: true })).then(() => {
        if (!box?.isConnected || box.value.trim() === "") return;
        form.reset();
        box.focus({ preventScroll: true });
      });
    } else {
      submit(submitter ?? form, { preventScrollReset: true });
    }
  }

  /** This post's translations: what the reader asked for here, over what the page was opened with. */
  function translationsOf(postId: number): PostTranslations {
    const asked = translations[postId];
    if (pageTranslation?.postId !== postId) return asked ?? NO_TRANSLATIONS;
    const { postId: _post, item, ...shown } = pageTranslation;
    return { [item]: shown, ...asked };
  }

  return {
    handlers: { onClick, onSubmit, onInput },
    returnTo: returnToOf(location.pathname, location.search),
    /** The per-post values for PostCardView: primitives, so a memoised post re-renders only when its own change. */
    stateOf(postId: number) {
      return {
        pendingLikes: pendingLikes.get(postId) ?? "",
        waiting: waitingByPost.get(postId) ?? NONE,
        // Opened here (with JavaScript), or by the address of the post's page (without).
        openForm:
          openForm?.postId === postId
            ? openForm.form
            : location.pathname === `/content/${postId}`
              ? openerIn(location.search)
              : "",
        popup: popup?.postId === postId ? popup.Popup : null,
        canTranslate,
        translations: translationsOf(postId),
      };
    },
  };
}

export type PostEvents = ReturnType<typeof usePostEvents>;
