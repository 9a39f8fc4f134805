import { data, Form, Link, redirect } from "react-router";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { tokenPageMeta } from "~/lib/token-page-meta";
import notificationTexts from "~/locales/en/notifications.json";
import { getInstance } from "~/middleware/i18next";
import { findUnsubscribe, isEmailKind, unsubscribe } from "~/server/notifications/mail-unsubscribe.server";
import type { Route } from "./+types/unsubscribe";

registerNamespace("notifications", notificationTexts);

/**
 * /unsubscribe/:kind/:token — the link at the foot of every notification mail (issue 23 item 5,
 * decision 169). Opened signed out as often as not, so outside the signed-in layout: the token
 * alone says whose setting changes. Opening it changes nothing (mail scanners open links); the
 * button does, without JavaScript. Mail clients' one-click posts go to `/one-click` beside it.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const metaTitle = getInstance(context).t("notifications:unsubscribe.metaTitle");
  const kind = params.kind;
  if (!isEmailKind(kind)) return data({ metaTitle, kind: null, state: "not_found" as const }, { status: 404 });
  const found = await findUnsubscribe(params.token, kind);
  if (found.status === "not_found") return data({ metaTitle, kind, state: "not_found" as const }, { status: 404 });
  if (found.mode !== "off") return { metaTitle, kind, state: "ask" as const };
  // Just turned off by the button (the post redirects here), or off already.
  const done = new URL(request.url).searchParams.has("done");
  return { metaTitle, kind, state: done ? ("done" as const) : ("off" as const) };
}

/** The button: the kind off, then this page again (a reload never re-posts), saying so. */
export async function action({ params, request }: Route.ActionArgs) {
  if (isEmailKind(params.kind)) await unsubscribe(params.token, params.kind);
  const back = new URL(request.url);
  back.searchParams.set("done", "1");
  return redirect(`${back.pathname}${back.search}`);
}

// Works completely as plain HTML: a guest (most who open a mail's link) gets no scripts (decision 043).
export const handle: HydrationHandle = { hydrate: false, guestStyles: ["forms"] };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...tokenPageMeta(loaderData?.metaTitle),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const kind = loaderData.kind ? t(`unsubscribe.kinds.${loaderData.kind}`) : "";
  const state = loaderData.state;
  return (
    <main id="main" className="confirm-page">
      <h1>{t("unsubscribe.title")}</h1>
      {state === "ask" ? (
        <>
          <p>{t("unsubscribe.question", { kind })}</p>
          <Form method="post" className="confirm-actions">
            <button type="submit">{t("unsubscribe.confirm", { kind })}</button>
          </Form>
        </>
      ) : (
        <p role="status">{state === "not_found" ? t("unsubscribe.invalid") : t(`unsubscribe.${state}`, { kind })}</p>
      )}
      <p>
        <Link to="/profile/settings/notifications">{t("unsubscribe.toSettings")}</Link>
      </p>
    </main>
  );
}
