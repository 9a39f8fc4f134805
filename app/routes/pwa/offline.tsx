import { Link } from "react-router";
import type { HydrationHandle } from "~/lib/hydration";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/offline";

/**
 * What the service worker answers offline for a page the device holds no copy of (issue 23 item 2,
 * decision 131). It fetches it once as a guest's page (no cookie), so it shows nobody's data.
 * Its texts are translated here: none of them ships in a script (decision 099).
 */
export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return {
    metaTitle: t("pwa:offline.metaTitle"),
    title: t("pwa:offline.title"),
    text: t("pwa:offline.text"),
    newsfeed: t("pwa:offline.newsfeed"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

// Plain HTML: a guest gets no scripts here (decision 043), so it opens offline as it is.
export const handle: HydrationHandle = { hydrate: false };

export default function Offline({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="offline-page">
      <h1>{loaderData.title}</h1>
      <p>{loaderData.text}</p>
      <p>
        <Link to="/newsfeed">{loaderData.newsfeed}</Link>
      </p>
    </main>
  );
}
