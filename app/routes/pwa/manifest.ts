import { userContext } from "~/context";
import { translatorFor } from "~/middleware/i18next";
import { readThemeCookie, themeColorsOf } from "~/server/session/theme.server";
import type { Route } from "./+types/manifest";

/**
 * The web app manifest (issue 23 item 1, decision 130): installable as "SchoolHub", opening the
 * newsfeed in its own window, in the colours of the viewer's theme (the signed-in pages link it
 * with credentials, so the theme is the user's). No D1 read: the theme rides in the session token.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = translatorFor(context);
  const colors = themeColorsOf(context.get(userContext)?.theme ?? (await readThemeCookie(request)));
  const manifest = {
    id: "/newsfeed",
    name: t("pwa:manifest.name"),
    short_name: t("pwa:manifest.shortName"),
    description: t("pwa:manifest.description"),
    start_url: "/newsfeed",
    scope: "/",
    display: "standalone",
    theme_color: colors.accent,
    background_color: colors.background,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "private, no-cache", Vary: "Cookie" },
  });
}
