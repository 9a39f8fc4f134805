import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { UpcomingEvents } from "~/components/events/upcoming-events";
import { ZoneSync } from "~/components/events/zone-sync";
import { FollowButton } from "~/components/schools/follow-button";
import { userContext } from "~/context";
import { defaultZone } from "~/lib/calendar/zones";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { followSchoolSchema, parseId } from "~/lib/forms/schools";
import { registerNamespace } from "~/lib/i18n-client";
import { stateName } from "~/lib/us-states";
import events from "~/locales/en/events.json";
import schools from "~/locales/en/schools.json";
import { getInstance } from "~/middleware/i18next";
import { cookieZone } from "~/server/events/viewer-zone.server";
import { getSchoolPage } from "~/server/schools/school-page.server";
import { setFollowing } from "~/server/schools/schools.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import calendarStyles from "~/styles/calendar.css?url";
import schoolStyles from "~/styles/schools.css?url";
import type { Route } from "./+types/school";

registerNamespace("schools", schools);
registerNamespace("events", events);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: schoolStyles },
  { rel: "stylesheet", href: calendarStyles },
];

/** /schools/{id}: the school, its communities by category, upcoming events, follow (SPEC §2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const t = getInstance(context).getFixedT(null, "schools");
  const id = parseId(params.id);
  const page = id === null ? null : await getSchoolPage(id, user.id);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  const fromCookie = cookieZone(request);
  const zone = fromCookie ?? page.upcoming[0]?.timeZone ?? defaultZone(page.school.state, null);
  return { ...page, zone, zoneKnown: fromCookie !== null, metaTitle: page.school.name, notFound: t("school.notFound") };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const parsed = parseForm(followSchoolSchema, await readFormData(request));
  if (!parsed.ok) throw data(null, { status: 400 });
  const following = parsed.data.intent === "follow";
  const done = await setFollowing(user, id, following);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (done === "revoked") return signInRedirect(url);
  if (!done) throw data(null, { status: 404 });
  const toast = { kind: "success", key: following ? "schools:school.followed" : "schools:school.unfollowed" } as const;
  return redirect(`/schools/${id}`, { headers: await flashToast(request, toast) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function SchoolPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("schools");
  const { t: tc } = useTranslation();
  const { school, following, communities, upcoming, zone, zoneKnown } = loaderData;
  return (
    <main id="main" className="school-page">
      <ZoneSync zone={zone} known={zoneKnown} />
      <header className="card school-header">
        <div>
          <h1>{school.name}</h1>
          <p className="hint">
            {[t(`kinds.${school.kind}`, { defaultValue: school.kind }), school.city, stateName(school.state)]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {school.district ? <p className="hint">{school.district}</p> : null}
        </div>
        <FollowButton schoolId={school.id} following={following} />
      </header>
      <section aria-labelledby="school-communities">
        <h2 id="school-communities">{t("school.communities")}</h2>
        {communities.length === 0 ? (
          <p className="hint">{t("school.noCommunities")}</p>
        ) : (
          <ul className="school-communities">
            {communities.map((community) => (
              <li key={community.id}>
                <span className={`category-label category-${community.category}`}>
                  {tc(`categories.${community.category}`)}
                </span>{" "}
                <Link to={`/communities/${community.id}`}>{community.name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <UpcomingEvents items={upcoming} zone={zone} />
    </main>
  );
}
