import { data, Link } from "react-router";
import { SchoolList } from "~/components/schools/school-list";
import { SchoolSearch } from "~/components/schools/school-search";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import { readSearchText } from "~/lib/search-text";
import schools from "~/locales/en/schools.json";
import { getInstance } from "~/middleware/i18next";
import { SCHOOL_SUGGESTIONS, schoolsHome, searchSchools } from "~/server/schools/schools.server";
import schoolStyles from "~/styles/schools.css?url";
import type { Route } from "./+types/index";
import { searchText } from "./search-cookie.server";

registerNamespace("schools", schools);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: schoolStyles }];

/**
 * /schools: my schools (of my communities, and followed) and the school search (SPEC §2, §3).
 * `suggest=1` answers the search box's suggest-as-you-type with a few names only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const url = new URL(request.url);
  if (url.searchParams.get("suggest") === "1") {
    // The search's own server time, for `npm run bench` against its 20 ms goal (decision 075).
    // The Worker's clock moves across I/O, so this is the D1 query as the Worker waits for it.
    const started = Date.now();
    const { text } = readSearchText(url.searchParams.get("q"));
    const suggestions = await searchSchools(text, SCHOOL_SUGGESTIONS);
    const timing = { "Server-Timing": `search;dur=${Date.now() - started}` };
    const answer = { suggestions, query: "", tooLong: false, mine: [], results: null, metaTitle: "" };
    return data(answer, { headers: timing });
  }
  const { text, typed, tooLong, headers } = await searchText(request);
  const page = Number(url.searchParams.get("page") ?? 1);
  const { mine, results } = await schoolsHome(user.id, text, Number.isFinite(page) ? page : 1);
  const metaTitle = getInstance(context).getFixedT(null, "schools")("title");
  return data({ suggestions: undefined, query: typed, tooLong, mine, results, metaTitle }, { headers });
}

/** The parents' headers, plus the search's Server-Timing when it ran (cookies are merged anyway). */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const headers = new Headers(parentHeaders);
  const timing = loaderHeaders.get("Server-Timing");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "schools:metaDescription" };

export default function SchoolsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("schools");
  const { query, tooLong, mine, results } = loaderData;
  return (
    <main id="main" className="schools-page">
      <h1>{t("title")}</h1>
      <SchoolSearch key={query} defaultValue={query} tooLong={tooLong} />
      <p>
        <Link to="/schools/browse">{t("browse.link")}</Link>
      </p>
      {results ? (
        <section aria-labelledby="school-results">
          <h2 id="school-results">{t("search.results", { query })}</h2>
          {results.total === 0 ? (
            <p className="hint">{t("search.none", { query })}</p>
          ) : (
            <>
              <p className="hint">
                {results.more
                  ? t("search.totalMore", { count: results.total })
                  : t("search.total", { count: results.total })}
              </p>
              <SchoolList schools={results.schools} />
              <ResultPages query={query} page={results.page} next={results.next} />
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="my-schools">
        <h2 id="my-schools">{t("mine")}</h2>
        {mine.length === 0 ? <p className="hint">{t("mineEmpty")}</p> : <SchoolList schools={mine} />}
      </section>
    </main>
  );
}

/** Plain links to the pages before and after, so paging works without JavaScript. */
function ResultPages({ query, page, next }: { query: string; page: number; next: number | null }) {
  const { t } = useTranslation("schools");
  if (page === 1 && next === null) return null;
  const to = (n: number) => `/schools?${new URLSearchParams({ q: query, page: String(n) })}`;
  return (
    <nav className="school-pages" aria-label={t("search.pages")}>
      {page > 1 ? (
        <Link className="button button-secondary" to={to(page - 1)} rel="prev">
          {t("search.previous")}
        </Link>
      ) : null}
      <span className="hint">{t("search.page", { page })}</span>
      {next !== null ? (
        <Link className="button button-secondary" to={to(next)} rel="next">
          {t("search.next")}
        </Link>
      ) : null}
    </nav>
  );
}
