import { Link } from "react-router";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import pwa from "~/locales/en/pwa.json";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/offline";

registerNamespace("pwa", pwa);

/**
 * What the service worker answers offline for a page the device holds no copy of (issue 23 item 2,
 * decision 131). It fetches it once as a guest's page (no cookie), so it shows nobody's data.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("pwa:offline.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

// Plain HTML: a guest gets no scripts here (decision 043), so it opens offline as it is.
export const handle: HydrationHandle = { hydrate: false };

export default function Offline() {
  const { t } = useTranslation("pwa");
  return (
    <main id="main" className="offline-page">
      <h1>{t("offline.title")}</h1>
      <p>{t("offline.text")}</p>
      <p>
        <Link to="/newsfeed">{t("offline.newsfeed")}</Link>
      </p>
    </main>
  );
}
