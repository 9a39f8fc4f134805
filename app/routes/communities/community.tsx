import { data, Link, redirect } from "react-router";
import { CategoryLabel } from "~/components/communities/category-label";
import { CommunityAvatar } from "~/components/communities/community-avatar";
import { MembershipButton } from "~/components/communities/membership-button";
import { Composer } from "~/components/content/composer";
import { PostList } from "~/components/content/post-list";
import { UpcomingEvents } from "~/components/events/upcoming-events";
import { ZoneSync } from "~/components/events/zone-sync";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { canMarkUrgent } from "~/lib/community-rules";
import { membershipSchema, parseId } from "~/lib/forms/communities";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { toShownPosts } from "~/lib/post-card";
import communities from "~/locales/en/communities.json";
import content from "~/locales/en/content.json";
import events from "~/locales/en/events.json";
import { getCommunityPage } from "~/server/communities/community-page.server";
import { changeMembership } from "~/server/communities/membership.server";
import { flashToast } from "~/server/session/session.server";
import { knownZone } from "~/server/users/time-zone.server";
import calendarStyles from "~/styles/calendar.css?url";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/community";

registerNamespace("communities", communities);
registerNamespace("content", content);
registerNamespace("events", events);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesUrl },
  { rel: "stylesheet", href: calendarStyles },
];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const page = id === null ? null : await getCommunityPage(context.get(userContext)!.id, id);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  // The cards' fields only, as the newsfeed sends them (decision 106).
  return {
    ...page,
    pinned: toShownPosts(page.pinned),
    posts: toShownPosts(page.posts),
    viewerId: context.get(userContext)!.id,
    zone: calendarZone(knownZone(context.get(userContext), request), page.upcoming),
  };
}

/** Upcoming events in the viewer's zone, else in their own (decision 121). */
function calendarZone(known: string | null, upcoming: { timeZone: string }[]) {
  return { zone: known ?? upcoming[0]?.timeZone ?? "UTC", known: known !== null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.community.name} — SchoolHub` : "SchoolHub" },
];

/** POST /communities/{id}: join, request, cancel, leave, accept or decline (decision 045). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const parsed = parseForm(membershipSchema, await readFormData(request));
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok) throw data(null, { status: 400 });
  const { intent, confirmed } = parsed.data;
  // Leaving and cancelling ask first; without JavaScript this page asks (DESIGN §1).
  if ((intent === "leave" || intent === "cancel") && !confirmed) return { confirm: intent };
  const user = context.get(userContext)!;
  const result = await changeMembership(user, id, intent);
  if (result.status === "not_found") throw data(null, { status: 404 });
  const kind = result.status === "not_allowed" || result.status === "last_owner" ? "warning" : "success";
  return redirect(`/communities/${id}`, {
    headers: await flashToast(request, {
      kind,
      key: `communities:toasts.${result.status}`,
      values: { name: result.name },
    }),
  });
}

export default function Community({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { community, joinAction } = loaderData;
  if (actionData?.confirm) {
    return (
      <main id="main" className="confirm-page">
        <h1>{t("actions.confirmTitle")}</h1>
        <p>
          {t(actionData.confirm === "leave" ? "actions.confirmLeave" : "actions.confirmCancel", {
            name: community.name,
          })}
        </p>
        <form method="post" className="confirm-actions">
          <input type="hidden" name="intent" value={actionData.confirm} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit">{t("actions.yes")}</button>
          <Link to={`/communities/${community.id}`}>{t("actions.no")}</Link>
        </form>
      </main>
    );
  }
  return (
    <main id="main">
      <header className="community-head">
        <CommunityAvatar name={community.name} avatar={community.avatar} category={community.category} size={96} />
        <div className="community-head-main">
          <h1>{community.name}</h1>
          <CategoryLabel category={community.category} />{" "}
          <span className="hint">
            {t(`policy.${community.joinPolicy}`)} · {t("members", { count: loaderData.memberCount })}
          </span>
          {community.description ? <p className="community-description">{community.description}</p> : null}
        </div>
      </header>
      <div className="community-toolbar">
        {/* A manager's main action is Manage; the only owner cannot leave (decision 125). */}
        {loaderData.isManager ? (
          <Link className="button" to={`/communities/${community.id}/manage`}>
            {t("page.manage")}
          </Link>
        ) : null}
        <MembershipButton
          communityId={community.id}
          name={community.name}
          action={loaderData.soleOwner ? "none" : joinAction}
        />
      </div>
      {loaderData.visible ? (
        <div className="community-layout">
          <section aria-labelledby="community-posts">
            {loaderData.canPost ? (
              <Composer
                communities={[
                  {
                    id: community.id,
                    name: community.name,
                    urgent: canMarkUrgent(community.category, loaderData.membership),
                  },
                ]}
              />
            ) : null}
            {loaderData.pinned.length ? (
              <>
                <h2>{t("page.pinned")}</h2>
                <PostList posts={loaderData.pinned} viewerId={loaderData.viewerId} />
              </>
            ) : null}
            <h2 id="community-posts">{t("page.posts")}</h2>
            {loaderData.posts.length === 0 ? <p className="hint">{t("page.noPosts")}</p> : null}
            <PostList
              posts={loaderData.posts}
              viewerId={loaderData.viewerId}
              eagerFirst={loaderData.pinned.length === 0}
            />
          </section>
          <aside>
            {loaderData.visible ? (
              <>
                <ZoneSync zone={loaderData.zone.zone} known={loaderData.zone.known} />
                <UpcomingEvents items={loaderData.upcoming} zone={loaderData.zone.zone} />
                {loaderData.isManager ? (
                  <p>
                    <Link className="standalone-link" to={`/calendar/new?community=${loaderData.community.id}`}>
                      {t("page.newEvent")}
                    </Link>
                  </p>
                ) : null}
              </>
            ) : null}
            <h2>{t("page.members")}</h2>
            <ul className="member-list">
              {loaderData.members.map((member) => (
                <li key={member.id}>
                  <UserAvatar name={member.name} avatar={member.avatar} size="small" />
                  <Link to={`/users/${member.id}`}>{member.name}</Link>
                  {member.role !== "member" ? (
                    <span className="member-role">{t(`page.roles.${member.role}`)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      ) : (
        <p className="hint">{t("page.private")}</p>
      )}
    </main>
  );
}
