import { data, Link, redirect } from "react-router";
import { BlockControl } from "~/components/friends/block-control";
import { FriendControls } from "~/components/friends/friend-controls";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { useClock } from "~/lib/clock";
import { dateTimeFormat } from "~/lib/date-format";
import { parseUserId } from "~/lib/forms/friend";
import { FriendStatus } from "~/lib/friend-status";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import friends from "~/locales/en/friends.json";
import { getInstance } from "~/middleware/i18next";
import { getPublicProfile } from "~/server/friends/public-profile.server";
import type { Route } from "./+types/profile";

registerNamespace("friends", friends);

/**
 * /users/{id}: someone else's public profile, reached from their avatar (SPEC §2; decision
 * 022). One's own id goes to /profile. Unknown, unactivated or deleted people answer 404 with
 * "Unknown User" and "[unavailable]" in place of the username.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  const t = getInstance(context).getFixedT(null, "friends");
  const id = parseUserId(params.id);
  if (id === viewer.id) throw redirect("/profile");
  const profile = id === null ? null : await getPublicProfile(viewer.id, id);
  if (!profile) return data({ metaTitle: t("profile.unknownTitle"), profile: null }, { status: 404 });
  return { metaTitle: t("profile.metaTitle", { name: profile.user.name }), profile };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("friends");
  const { t: tc } = useTranslation();
  const clock = useClock();
  const { profile } = loaderData;
  if (!profile) {
    return (
      <main id="main" className="profile">
        <section className="card profile-card" aria-label={tc("unknownUser")}>
          <UserAvatar name={null} avatar="default" size="large" />
          <div>
            <h1 className="profile-name">{tc("unknownUser")}</h1>
            <p className="profile-username">{tc("unavailable")}</p>
            <p className="hint">{t("profile.unknownLead")}</p>
          </div>
        </section>
      </main>
    );
  }
  const { user } = profile;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: clock.zone });
  const pending = user.friendStatus === FriendStatus.Pending;
  return (
    <main id="main" className="profile">
      <section className="card profile-card" aria-label={user.name}>
        <UserAvatar name={user.name} avatar={user.avatar} size="large" />
        <div>
          <h1 className="profile-name" dir="auto">
            {user.name}
          </h1>
          {user.username ? (
            <p className="profile-username">
              <bdi>{`@${user.username}`}</bdi>
            </p>
          ) : null}
          <p className="hint">{t("profile.memberSince", { date: date.format(profile.createdAt) })}</p>
          {pending ? (
            <p>
              {user.direction === "incoming"
                ? t("profile.requestIncoming", { name: user.name })
                : t("profile.requestOutgoing", { name: user.name })}
            </p>
          ) : null}
          {profile.blocked ? null : <FriendControls user={user} full />}
          <BlockControl user={user} blocked={profile.blocked} />
          <Link className="profile-report" to={`/report?type=user&id=${user.id}&back=/users/${user.id}`}>
            {t("controls.report")}
          </Link>
        </div>
      </section>
      <section aria-labelledby="user-communities">
        <h2 id="user-communities">{t("profile.communities")}</h2>
        {profile.communities.length === 0 ? (
          <p className="hint">{t("profile.noCommunities", { name: user.name })}</p>
        ) : (
          <ul className="profile-list">
            {profile.communities.map((community) => (
              <li key={community.id}>
                <Link to={`/communities/${community.id}`}>{community.name}</Link>{" "}
                <span className={`category-label category-${community.category}`}>
                  {tc(`categories.${community.category}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
