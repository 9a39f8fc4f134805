import { Link, useFetcher, useFetchers, useLocation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { chatPath, FRIEND_INTENTS, FriendStatus, statusAfter, type UserInfo } from "~/lib/friend-status";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import friends from "~/locales/en/friends.json";

registerNamespace("friends", friends);

/** The controls' box, which a list's row may be itself (`useFriendControlsList`). */
export const FRIEND_CONTROLS = "friend-controls";

export const friendActionPath = (id: number) => `/users/${id}/friend`;

type Fetchers = ReturnType<typeof useFetchers>;

/**
 * While a friend form of this user is on its way, the state it will lead to (epic-stack's
 * optimistic UI from pending form data); otherwise what the server said.
 */
function optimisticStatus(user: UserInfo, fetchers: Fetchers) {
  const path = friendActionPath(user.id);
  const pending = fetchers.find((fetcher) => fetcher.formAction?.split("?")[0] === path && fetcher.formData);
  // The intent rides in the action's query (decision 215); a field in the body wins, as on the server.
  const posted =
    pending?.formData?.get("intent") ?? new URLSearchParams(pending?.formAction?.split("?")[1]).get("intent");
  const intent = FRIEND_INTENTS.find((name) => name === posted);
  // A form without confirmed=1 only asks; it changes nothing yet.
  const asks = intent && intent !== "accept" && intent !== "decline" && pending?.formData?.get("confirmed") !== "1";
  return intent && !asks ? { ...user, ...statusAfter(intent) } : user;
}

type FriendsT = ReturnType<typeof useTranslation<"friends">>["t"];

/**
 * The friend and message controls (SPEC §2, §4): 0 "Add Friend", 1 "Send Message",
 * 2 "Cancel Friend Request" for the viewer's own request, Accept/Decline for one they received
 * (decision 022). `full` adds Unfriend beside Send Message (profile pages, friend lists).
 * Every control is a form or a link, so all of it works without JavaScript.
 */
export function FriendControls({ user, full = false }: { user: UserInfo; full?: boolean }) {
  const { t } = useTranslation("friends");
  const location = useLocation();
  return friendControls(
    t,
    user,
    optimisticStatus(user, useFetchers()),
    full,
    `${location.pathname}${location.search}`,
    false,
  );
}

/**
 * FriendControls for a list of people (the friends page, decision 205): the hooks once for the
 * list, the controls of each person as a function. "Send Message" is a plain <a>: the list's
 * `useLinkClicks` sends it through the router. The controls come without their box: put them in
 * a PersonRow with `actionsClassName={FRIEND_CONTROLS}`.
 */
export function useFriendControlsList() {
  const { t } = useTranslation("friends");
  const location = useLocation();
  const fetchers = useFetchers();
  const returnTo = `${location.pathname}${location.search}`;
  return (user: UserInfo, full: boolean) =>
    friendControls(t, user, optimisticStatus(user, fetchers), full, returnTo, true);
}

function friendControls(t: FriendsT, user: UserInfo, shown: UserInfo, full: boolean, returnTo: string, plain: boolean) {
  // The form's fields ride in its action URL, not hidden inputs (decisions 106, 215); `/` as it is,
  // as actionWithFields writes it, whose shared chunk would cost this page's JavaScript 0.2 KB.
  const query = `returnTo=${encodeURIComponent(returnTo).replaceAll("%2F", "/")}`;
  const action = (intent: string) => `${friendActionPath(user.id)}?intent=${intent}&${query}`;
  const values = { name: user.name };
  const confirm = (intent: "send" | "cancel" | "unfriend", label: string, secondary = false) => (
    <ConfirmForm
      action={action(intent)}
      question={t(`confirm.${intent}`, values)}
      confirmLabel={t("confirm.yes")}
      cancelLabel={t("confirm.no")}
      buttonClassName={secondary ? "button-secondary" : undefined}
    >
      {label}
    </ConfirmForm>
  );

  let controls: React.ReactNode = null;
  if (shown.friendStatus === FriendStatus.NotFriends) controls = confirm("send", t("controls.addFriend"));
  else if (shown.friendStatus === FriendStatus.Friends) {
    controls = (
      <>
        {plain ? (
          <a className="button" href={chatPath(user)}>
            {t("controls.sendMessage")}
          </a>
        ) : (
          <Link className="button" to={chatPath(user)}>
            {t("controls.sendMessage")}
          </Link>
        )}
        {full ? confirm("unfriend", t("controls.unfriend"), true) : null}
      </>
    );
  } else if (shown.friendStatus === FriendStatus.Pending && shown.direction === "incoming") {
    controls = (
      <>
        <AnswerForm action={action("accept")} label={t("controls.accept")} />
        <AnswerForm action={action("decline")} label={t("controls.decline")} secondary />
      </>
    );
  } else if (shown.friendStatus === FriendStatus.Pending) {
    controls = confirm("cancel", t("controls.cancelRequest"), true);
  }
  // In a list the row's own actions box is the controls' box (`person-row-actions friend-controls`):
  // one element fewer a person (decision 221).
  return controls && !plain ? <div className={FRIEND_CONTROLS}>{controls}</div> : controls;
}

/** Accepting and declining need no question: nothing is lost that cannot be asked again. */
function AnswerForm(props: { action: string; label: string; secondary?: boolean }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={props.action}>
      <SubmitButton
        className={props.secondary ? "button-secondary" : undefined}
        pending={usePendingSubmit({ fetcher })}
      >
        {props.label}
      </SubmitButton>
    </fetcher.Form>
  );
}
