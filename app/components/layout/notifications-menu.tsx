import { useEffect, useReducer } from "react";
import { useLocation, useSubmit } from "react-router";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import { type NotificationItem, type NotificationState, notificationReducer } from "~/realtime/notification-state";
import { useRealtimeEvent } from "~/realtime/use-realtime";
import { ConfirmForm } from "../confirm-form";
import { UnreadMenu } from "./header-menu";

/** How many the dropdown shows; the root loader sends as many (SPEC §2). */
const SHOWN = 10;

/**
 * SPEC §2 notifications dropdown. The server's data seeds it on every load; realtime frames
 * update it in between (SPEC §4). Every control is a form post, so it works without JS.
 */
export function NotificationsMenu({ data }: { data: { data: NotificationItem[]; unreadCount: number } }) {
  const { t } = useTranslation();
  const clock = useClock();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const [state, dispatch] = useReducer(notificationReducer, data, toState);
  // One submitter for the list's forms, not a React Router <Form> (and its hooks) per item
  // (decision 203): with JavaScript the router posts the form and follows its redirect, as
  // <Form> would; without it the browser does.
  const submit = useSubmit();
  const open = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const menu = form.closest("details");
    if (menu) menu.open = false;
    // The button pressed names its notification's action (`formaction`), as the browser posts it.
    const button = (event.nativeEvent as SubmitEvent).submitter;
    submit(button instanceof HTMLButtonElement ? button : form);
  };

  // A new answer from the server (after any action or reload) replaces the client's view.
  useEffect(() => dispatch({ type: "reset", state: toState(data) }), [data]);
  useRealtimeEvent("notification", (notification) => dispatch({ type: "incoming", notification }));

  const { unreadCount } = state;
  return (
    <UnreadMenu area="notifications" icon="bell" unread={unreadCount}>
      <div className="notifications-head">
        <p className="menu-heading">{t("notifications.label")}</p>
        <ConfirmForm
          action="/notifications/markallread"
          fields={{ returnTo }}
          question={t("notifications.markAllConfirm")}
          confirmLabel={t("notifications.confirm")}
          cancelLabel={t("notifications.cancel")}
          disabled={unreadCount === 0}
          buttonClassName="link-button"
        >
          {t("notifications.markAllRead")}
        </ConfirmForm>
      </div>
      {state.list.length === 0 ? (
        <p className="hint notifications-empty">{t("notifications.empty")}</p>
      ) : (
        // One form for the list: each notification is a button that posts to its own action
        // (`formAction`), not a form and a hidden field apiece (decision 227).
        <form method="post" onSubmit={open}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <ul className="notifications-list">
            {state.list.slice(0, SHOWN).map((item) => (
              <li key={item.oid}>
                <button
                  type="submit"
                  formAction={`/notifications/${encodeURIComponent(item.oid)}/open`}
                  className={item.seen ? "notification" : "notification notification-unread"}
                >
                  <span className="notification-title">{item.title}</span>
                  <span className="hint">
                    {/* One text, not the word and its colon apart (React writes a comment between two). */}
                    {item.seen ? null : <span className="visually-hidden">{`${t("notifications.unread")}: `}</span>}
                    <When at={item.createdAt} clock={clock} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </form>
      )}
    </UnreadMenu>
  );
}

function toState(data: { data: NotificationItem[]; unreadCount: number }): NotificationState {
  return { list: data.data, unreadCount: data.unreadCount };
}
