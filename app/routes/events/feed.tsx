import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { userContext } from "~/context";
import { feedActionSchema } from "~/lib/forms/events";
import { registerNamespace } from "~/lib/i18n-client";
import events from "~/locales/en/events.json";
import { regenerateFeedToken, revokeFeed } from "~/server/events/ical-feed.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import type { Route } from "./+types/feed";
import { strictForm } from "./event-request.server";

registerNamespace("events", events);

/**
 * POST /calendar/feed: make a new private calendar address (the old one stops working) or turn
 * it off (decision 059). The address shows once, on this page; only its hash is stored.
 */
export function loader() {
  return null;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const { intent, confirmed } = await strictForm(feedActionSchema, request);
  if (intent === "revoke" && !confirmed) return { url: null, confirm: true };
  if (intent === "revoke") {
    // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
    if ((await revokeFeed(user)) === "revoked") return signInRedirect(url);
    return redirect("/profile/settings#calendar-feed", {
      headers: await flashToast(request, { kind: "success", key: "events:feed.revoked" }),
    });
  }
  const token = await regenerateFeedToken(user);
  if (token === "revoked") return signInRedirect(url);
  return { url: `${new URL(request.url).origin}/calendar/feed/${token}.ics`, confirm: false };
}

export default function CalendarFeed({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  if (actionData?.confirm) {
    return (
      <ConfirmationPage
        title={t("feed.title")}
        question={t("feed.revokeQuestion")}
        fields={{ intent: "revoke" }}
        confirmLabel={t("confirm.yes")}
        cancelLabel={t("confirm.no")}
        cancelTo="/profile/settings"
      />
    );
  }
  return (
    <main id="main" className="settings">
      <title>{t("feed.title")}</title>
      <h1>{t("feed.title")}</h1>
      {actionData?.url ? (
        <>
          <p>{t("feed.created")}</p>
          <p>
            <label htmlFor="feed-url">{t("feed.address")}</label>
            <input id="feed-url" type="text" readOnly value={actionData.url} className="feed-url" />
          </p>
          <p className="hint">{t("feed.private")}</p>
        </>
      ) : null}
      <p>
        <Link to="/profile/settings">{t("feed.back")}</Link>
      </p>
    </main>
  );
}
