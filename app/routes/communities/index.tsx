import { Link } from "react-router";
import { CommunityList } from "~/components/communities/community-list";
import { JoinCodeForm } from "~/components/invitations/join-code-form";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import communities from "~/locales/en/communities.json";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { listMyCommunities } from "~/server/communities/communities.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/index";

registerNamespace("communities", communities);
registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** /communities: the user's owned and subscribed communities (SPEC §3). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const mine = await listMyCommunities(user.id);
  return { metaTitle: getInstance(context).t("communities:metaTitle"), owned: mine.owned, subscribed: mine.subscribed };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "communities:metaDescription" };

export default function Communities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  return (
    <main id="main">
      <h1>{t("title")}</h1>
      <p className="community-toolbar">
        <Link to="/communities/create" className="button">
          {t("create")}
        </Link>
        <Link to="/communities/search">{t("search")}</Link>
      </p>
      <JoinCodeForm />
      <h2>{t("owned")}</h2>
      <CommunityList communities={loaderData.owned} empty={t("noneOwned")} />
      <h2>{t("subscribed")}</h2>
      <CommunityList communities={loaderData.subscribed} empty={t("noneSubscribed")} />
    </main>
  );
}
