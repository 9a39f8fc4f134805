import { Form, Link } from "react-router";
import { CategoryOptions } from "~/components/communities/category-options";
import { CommunityList } from "~/components/communities/community-list";
import { communitySearchSchema } from "~/lib/forms/communities";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import { readSearchText, SEARCH_TEXT_MAX } from "~/lib/search-text";
import communities from "~/locales/en/communities.json";
import { getInstance } from "~/middleware/i18next";
import { decodeSearchCursor, encodeSearchCursor, searchCommunities } from "~/server/communities/search.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/search";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** /communities/search: a GET form, so it works and pages without JavaScript (decision 047). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Over the search limit nothing is searched, and the field says why (decision 113).
  const search = readSearchText(params.get("q"));
  const input = communitySearchSchema.parse({
    q: search.text,
    category: params.get("category") || null,
    after: params.get("after"),
  });
  const searched = !search.tooLong && (input.q !== "" || input.category !== null);
  const page = searched ? await searchCommunities(input.q, input.category, decodeSearchCursor(input.after)) : null;
  const next = page?.next
    ? `/communities/search?${new URLSearchParams({ q: input.q, ...(input.category ? { category: input.category } : {}), after: encodeSearchCursor(page.next) })}`
    : null;
  return {
    metaTitle: getInstance(context).t("communities:searchPage.metaTitle"),
    q: search.typed,
    qTooLong: search.tooLong,
    category: input.category,
    results: page?.results ?? null,
    next,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "communities:searchPage.metaDescription" };

export default function SearchCommunities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { t: common } = useTranslation("common");
  const { q, qTooLong, category, results, next } = loaderData;
  return (
    <main id="main">
      <h1>{t("searchPage.title")}</h1>
      <Form method="get" className="card community-search" role="search" key={`${q}|${category}`}>
        <div className="field">
          <label htmlFor="search-q">{t("searchPage.query")}</label>
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_TEXT_MAX}
            aria-invalid={qTooLong || undefined}
            aria-describedby={qTooLong ? "search-q-error" : undefined}
          />
          {qTooLong ? (
            <p className="field-error" id="search-q-error">
              {common("search.tooLong")}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="search-category">{t("form.category")}</label>
          <select id="search-category" name="category" defaultValue={category ?? ""}>
            <CategoryOptions emptyLabel={t("searchPage.allCategories")} />
          </select>
        </div>
        <button type="submit">{t("searchPage.submit")}</button>
      </Form>
      {results ? (
        <section aria-label={t("searchPage.results")}>
          <h2>{t("searchPage.results")}</h2>
          <CommunityList communities={results} empty={t("searchPage.none")} />
          {next ? (
            <p className="feed-more">
              <Link to={next}>{t("searchPage.more")}</Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </main>
  );
}
