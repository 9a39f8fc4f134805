import { Link } from "react-router";
import { ManageNav } from "~/components/communities/manage-nav";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import { getManageOverview } from "~/server/communities/manage-pages.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/index";
import { communityIdOf, requireAccess } from "./access.server";
import { manageMeta } from "./manage-meta";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** /communities/{id}/manage: counts of what waits for a manager (owners and managers only, else 403). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const page = requireAccess(await getManageOverview(context.get(userContext)!.id, id));
  return { community: { id: page.community.id, name: page.community.name }, counts: page.counts };
}

export const meta: Route.MetaFunction = ({ loaderData }) => manageMeta(loaderData?.community.name);

export default function ManageOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { community, counts } = loaderData;
  const base = `/communities/${community.id}/manage`;
  return (
    <main id="main">
      <h1>{t("manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <ul className="manage-counts">
        <li className="card">
          <strong>{counts.requests}</strong>
          <Link to={`${base}/requests`}>{t("manage.pendingRequests")}</Link>
        </li>
        <li className="card">
          <strong>{counts.posts}</strong>
          <Link to={`${base}/posts`}>{t("manage.pendingPosts")}</Link>
        </li>
        <li className="card">
          <strong>{counts.reports}</strong>
          <Link to={`${base}/posts`}>{t("manage.reports")}</Link>
        </li>
        <li className="card">
          <strong>{counts.members}</strong>
          <Link to={`${base}/members`}>{t("manage.memberCount")}</Link>
        </li>
      </ul>
    </main>
  );
}
