import { useContext, useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { ZoneSync } from "~/components/events/zone-sync";
import { ThirdPartyScripts } from "~/components/third-party-scripts";
import { requestSessionContext, userContext } from "~/context";
import { ClockContext } from "~/lib/clock";
import { markHydrated } from "~/lib/date-format";
import { shipsScripts } from "~/lib/hydration";
import { loadPageTexts } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { InlineStylesContext } from "~/lib/inline-styles";
import { directionOf } from "~/lib/languages";
import { descriptionKey } from "~/lib/page-description";
import { DEFAULT_THEME } from "~/lib/themes";
import type { ShownToast } from "~/lib/toast";
import { toTranslate } from "~/lib/translate";
import { authMiddleware } from "~/middleware/auth";
import { getLocale, i18nextMiddleware, localeCookie, translatorFor } from "~/middleware/i18next";
import { redirectMiddleware } from "~/middleware/redirect";
import { conversationHref, conversationsPart } from "~/server/chat/chat.server";
import { getPublicConfig } from "~/server/config.server";
import { runBatch } from "~/server/db/batch.server";
import { inboxUnreadPart } from "~/server/inbox/inbox.server";
import { notificationMenuPart } from "~/server/notifications/notifications.server";
import { commitSession, getSession } from "~/server/session/session.server";
import { readThemeCookie, themeColorOf } from "~/server/session/theme.server";
import { clockFor, rememberBrowserZone, viewerZone } from "~/server/users/time-zone.server";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/root";

// SPEC §2: redirect, then auth, then language.
export const middleware: Route.MiddlewareFunction[] = [redirectMiddleware, authMiddleware, i18nextMiddleware];

/** A page in another language than English gets its new route's texts before it renders (issue 24). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await loadPageTexts();
    return next();
  },
];

const FAVICON = "/favicon.svg";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // Parsed and verified once per request, by the auth middleware.
  const session = context.get(requestSessionContext) ?? (await getSession(request));
  const flash = session.get("toast");
  // Translated here, not in the browser: notices' texts stay out of the pages' bundles (decision 099).
  const toast: ShownToast | null = flash
    ? { kind: flash.kind, text: translatorFor(context)(flash.key, flash.values) }
    : null;
  const theme = user?.theme ?? (await readThemeCookie(request));
  const locale = getLocale(context);
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", await commitSession(session));
  // SPEC §9: the locale preference is remembered for 365 days. Only a choice (?lng=) is a
  // preference: a guest who made none gets no cookie, so their pages stay cacheable (decision 043).
  const chosen = url.searchParams.has("lng");
  if (chosen && (await localeCookie.parse(request.headers.get("Cookie"))) !== locale) {
    headers.append("Set-Cookie", await localeCookie.serialize(locale));
  }
  // The header's notifications and conversations dropdowns (SPEC §2) and the inbox's unread badge
  // (decision 123): one D1 round trip for a signed-in user, none for a guest (decision 041).
  const { notifications, conversationList, inboxUnread } = user
    ? await runBatch({
        notifications: notificationMenuPart(user.id),
        conversationList: conversationsPart(user.id),
        inboxUnread: inboxUnreadPart(user.id),
      })
    : { notifications: null, conversationList: null, inboxUnread: 0 };
  const conversations = conversationList?.map((conversation) => ({
    ...conversation,
    href: conversationHref(conversation),
  }));
  // Every time on the page is written in the viewer's zone, by the server (decision 121).
  const zone = viewerZone(user, request);
  if (user && !user.timeZone && zone.fromCookie) rememberBrowserZone(user.id, zone.fromCookie);
  const clock = user ? clockFor(zone.zone, locale, translatorFor(context)) : null;
  return data(
    {
      locale,
      theme,
      toast,
      // Only what the pages read of the viewer goes into the hydration data (decision 199): not
      // the e-mail address, the zone, the language or the token version the server keeps.
      user: user ? { id: user.id, name: user.name, avatar: user.avatar } : null,
      notifications,
      conversations,
      inboxUnread,
      clock,
      zoneKnown: zone.known,
      // Signed-in pages name the manifest and the theme's colour (issue 23, decision 130).
      themeColor: user ? themeColorOf(theme) : null,
      config: getPublicConfig(),
    },
    { headers },
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  // Guest pages that work as plain HTML ship no script and no module preload (decision 043);
  // layouts ask the same of their matches and leave out what only scripts drive (decision 090).
  const scripts = shipsScripts(matches, Boolean(rootData?.user));
  const inlineCss = useContext(InlineStylesContext);
  const language = rootData?.locale ?? i18n.language ?? "en";
  return (
    <html lang={language} dir={directionOf(language)} className={rootData?.theme ?? DEFAULT_THEME}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <meta name="description" content={toTranslate(t)(descriptionKey(matches))} />
        {rootData?.themeColor ? <AppManifest themeColor={rootData.themeColor} /> : null}
        {scripts || !inlineCss ? (
          <Links />
        ) : (
          // A page without scripts carries its styles (decisions 043, 090); only the icon stays a link.
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, allowed by its CSP hash */}
            <style dangerouslySetInnerHTML={{ __html: inlineCss }} />
            {/* The first paint waits until the page is parsed down to its footer: one layout, not a
                header painted alone and the page laid out again after it (decision 090). */}
            <link rel="expect" href="#footer" blocking="render" />
            <link rel="icon" href={FAVICON} type="image/svg+xml" />
          </>
        )}
      </head>
      <body>
        {children}
        {scripts ? <ScrollRestoration /> : null}
        {scripts ? <Scripts /> : null}
        {rootData ? <ThirdPartyScripts config={rootData.config} /> : null}
      </body>
    </html>
  );
}

/** Signed-in pages make the app installable (issue 23, decision 130); guest pages stay as they were. */
function AppManifest({ themeColor }: { themeColor: string }) {
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" crossOrigin="use-credentials" />
      <meta name="theme-color" content={themeColor} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { i18n } = useTranslation();
  useEffect(() => {
    // A new language (chosen in settings): the page comes again from the server, whole, in it,
    // with its direction and its texts, rather than a mix of two languages until they load.
    if (i18n.language !== loaderData.locale) window.location.reload();
  }, [loaderData.locale, i18n]);
  // From here on, relative times read from the browser's clock (decision 121).
  useEffect(markHydrated, []);
  if (!loaderData.clock) return <Outlet />;
  return (
    <ClockContext.Provider value={loaderData.clock}>
      <Outlet />
      {/* The first visit tells the server the browser's zone, then reloads the data in it. */}
      {loaderData.zoneKnown ? null : <ZoneSync zone={loaderData.clock.zone} known={false} />}
    </ClockContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
