import { Link } from "react-router";
import { SchoolList } from "~/components/schools/school-list";
import { browseSchema, parseId } from "~/lib/forms/schools";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { stateName, US_STATES } from "~/lib/us-states";
import schools from "~/locales/en/schools.json";
import { getInstance } from "~/middleware/i18next";
import { areasOfState, schoolsOfArea, statesWithCounts } from "~/server/schools/browse.server";
import schoolStyles from "~/styles/schools.css?url";
import type { Route } from "./+types/browse";

registerNamespace("schools", schools);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: schoolStyles }];

/** /schools/browse: states, then a state's districts or cities, then their schools; paged by key. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "schools");
  const params = browseSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { state, by, area, after } = params;
  const base = { metaTitle: t("browse.title"), state: state ?? null, by, area: area ?? null };
  if (!state || !US_STATES[state]) return { ...base, level: "states" as const, states: await statesWithCounts() };
  if (!area) {
    const { areas, next } = await areasOfState(state, by, after ?? null);
    return { ...base, level: "areas" as const, areas, next };
  }
  const { schools: list, next } = await schoolsOfArea(state, by, area, parseId(after));
  return { ...base, level: "schools" as const, schools: list, next: next === null ? null : String(next) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

const query = (params: Record<string, string | null | undefined>) =>
  `?${new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])))}`;

export default function BrowseSchools({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("schools");
  const data = loaderData;
  return (
    <main id="main" className="schools-page">
      <h1>{t("browse.title")}</h1>
      <nav aria-label={t("browse.title")} className="browse-trail">
        <Link to="/schools">{t("title")}</Link>
        {data.state ? (
          <>
            {" › "}
            <Link to="/schools/browse">{t("browse.backToStates")}</Link>
            {" › "}
            <Link to={query({ state: data.state, by: data.by })}>{stateName(data.state)}</Link>
          </>
        ) : null}
        {data.area ? ` › ${data.area}` : null}
      </nav>
      {data.level === "states" ? (
        <ul className="browse-grid" aria-label={t("browse.states")}>
          {data.states.map((row) => (
            <li key={row.state}>
              <Link to={query({ state: row.state })}>{stateName(row.state)}</Link>{" "}
              <span className="hint">{t("browse.schoolsCount", { count: row.schools })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {data.level === "areas" ? (
        <>
          <h2>{stateName(data.state)}</h2>
          <p className="browse-tabs">
            <Link
              to={query({ state: data.state, by: "district" })}
              aria-current={data.by === "district" ? "page" : undefined}
            >
              {t("browse.byDistrict")}
            </Link>
            <Link to={query({ state: data.state, by: "city" })} aria-current={data.by === "city" ? "page" : undefined}>
              {t("browse.byCity")}
            </Link>
          </p>
          {data.areas.length === 0 ? <p className="hint">{t("browse.empty")}</p> : null}
          <ul className="browse-grid">
            {data.areas.map((row) => (
              <li key={row.name}>
                <Link to={query({ state: data.state, by: data.by, area: row.name })}>{row.name}</Link>{" "}
                <span className="hint">{t("browse.schoolsCount", { count: row.schools })}</span>
              </li>
            ))}
          </ul>
          {data.next ? (
            <Link className="button button-secondary" to={query({ state: data.state, by: data.by, after: data.next })}>
              {t("browse.more")}
            </Link>
          ) : null}
        </>
      ) : null}
      {data.level === "schools" ? (
        <>
          <h2>{data.area}</h2>
          {data.schools.length === 0 ? (
            <p className="hint">{t("browse.empty")}</p>
          ) : (
            <SchoolList schools={data.schools} />
          )}
          {data.next ? (
            <Link
              className="button button-secondary"
              to={query({ state: data.state, by: data.by, area: data.area, after: data.next })}
            >
              {t("browse.more")}
            </Link>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
