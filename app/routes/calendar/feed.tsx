import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { userContext } from "~/context";
import { feedActionSchema } from "~/lib/forms/events";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import events from "~/locales/en/events.json";
import { regenerateFeedToken, revokeFeed } from "~/server/events/feed.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/feed";

registerNamespace("events", events);

/**
 * POST /calendar/feed: make a new private calendar address (the old one stops working) or turn
 * it off (decision 059). The address shows once, on this page; only its hash is stored.
 */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const parsed = feedActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw data(null, { status: 400 });
  if (parsed.data.intent === "revoke" && !parsed.data.confirmed) return { url: null, confirm: true };
  if (parsed.data.intent === "revoke") {
    await revokeFeed(user.id);
    return redirect("/profile/settings#calendar-feed", {
      headers: await flashToast(request, { kind: "success", key: "events:feed.revoked" }),
    });
  }
  const token = await regenerateFeedToken(user.id);
  return { url: `${new URL(request.url).origin}/calendar/feed/${token}.ics`, confirm: false };
}

export default function CalendarFeed({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  return (
    <main id="main" className="settings">
      <title>{t("feed.title")}</title>
      <h1>{t("feed.title")}</h1>
      {actionData?.confirm ? (
        <>
          <p>{t("feed.revokeQuestion")}</p>
          <Form method="post" className="confirm-actions">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit">{t("confirm.yes")}</button>
            <Link to="/profile/settings">{t("confirm.no")}</Link>
          </Form>
        </>
      ) : null}
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
