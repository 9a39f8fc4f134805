import { Link } from "react-router";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { useClock } from "~/lib/clock";
import { dateTimeFormat } from "~/lib/date-format";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import profile from "~/locales/en/profile.json";
import { getInstance } from "~/middleware/i18next";
import { getOwnProfile } from "~/server/users/profile.server";
import type { Route } from "./+types/own-profile";

registerNamespace("profile", profile);

/** /profile: the signed-in user's own card and the communities they belong to. */
export async function loader({ context }: Route.LoaderArgs) {
  const own = await getOwnProfile(context.get(userContext)!.id);
  if (!own) throw new Response(null, { status: 404 });
  return { metaTitle: getInstance(context).t("profile:metaTitle"), profile: own };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("profile");
  const { t: tc } = useTranslation();
  const { profile: user } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: useClock().zone });
  return (
    <main id="main" className="profile">
      <h1>{t("title")}</h1>
      <section className="card profile-card" aria-label={user.name}>
        <UserAvatar name={user.name} avatar={user.avatar} size="large" />
        <div>
          <h2 className="profile-name" dir="auto">
            {user.name}
          </h2>
          <p className="profile-username">{user.username ? <bdi>{`@${user.username}`}</bdi> : t("noUsername")}</p>
          <p className="hint">{t("memberSince", { date: date.format(user.createdAt) })}</p>
          <p>
            <Link className="standalone-link" to="/profile/settings">
              {t("settingsLink")}
            </Link>
          </p>
        </div>
      </section>
      <section aria-labelledby="profile-communities">
        <h2 id="profile-communities">{t("communities.title")}</h2>
        {user.communities.length === 0 ? (
          <p className="hint">
            {t("communities.empty")} <Link to="/communities">{t("communities.browse")}</Link>
          </p>
        ) : (
          <ul className="profile-list">
            {user.communities.map((community) => (
              <li key={community.id}>
                <Link to={`/communities/${community.id}`}>{community.name}</Link>{" "}
                <span className={`category-label category-${community.category}`}>
                  {tc(`categories.${community.category}`)}
                </span>{" "}
                <span className="hint">{t(`communities.roles.${community.role}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
