import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Composer } from "~/components/content/composer";
import { NewPostsBanner } from "~/components/content/new-posts-banner";
import { PostList } from "~/components/content/post-list";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import { type ShownPost, toShownPosts } from "~/lib/post-card";
import content from "~/locales/en/content.json";
import feed from "~/locales/en/feed.json";
import { getInstance } from "~/middleware/i18next";
import { decodeCursor, encodeCursor } from "~/server/content/post-cards.server";
import { loadNewsfeed, NEWSFEED_MAX_PAGES, newsfeedPageSize } from "~/server/feed/newsfeed.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/newsfeed";

registerNamespace("feed", feed);
registerNamespace("content", content);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  // React Router's own parse of the address (a `.data` request's too, its suffix taken off).
  const params = url.searchParams;
  const cursor = decodeCursor(params.get("before"));
  // Without JavaScript "Load more" asks for the page grown by one more page (decision 124).
  // A whole number of pages, however the address was typed (`?pages=1.5` would link to 2.5).
  const pages =
    cursor === null ? Math.min(Math.max(Math.trunc(Number(params.get("pages"))) || 1, 1), NEWSFEED_MAX_PAGES) : 1;
  const page = await loadNewsfeed(user.id, cursor, newsfeedPageSize(cursor, pages));
  const last = page.posts[page.posts.length - 1];
  return {
    metaTitle: getInstance(context).t("feed:metaTitle"),
    name: user.name,
    viewerId: user.id,
    // What the cards render, not the JSON API's whole PostCard (decision 106).
    posts: toShownPosts(page.posts),
    postable: page.postable.map(({ id, name }) => ({
      id,
      name,
      ...(page.urgentIds.includes(id) ? { urgent: true } : {}),
    })),
    next: !page.endOfFeed && last ? encodeCursor(last) : null,
    pages,
    paged: cursor !== null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "feed:metaDescription" };

type MorePage = { cursor: string; posts: ShownPost[] };

/**
 * Infinite scroll with JavaScript: when the "Load more" link comes into view, or is tapped, the
 * next page is fetched and appended below what is shown; nothing above it moves (decisions 046,
 * 124). A revalidation (after a like or a comment) brings a new first page: the pages below it
 * stay, and are fetched again one by one in place, so a post there shows its new comment too.
 */
function useMorePosts(first: ShownPost[], next: string | null) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState<MorePage[]>([]);
  const [tail, setTail] = useState<string | null>(next);
  const [reloads, setReloads] = useState<string[]>([]);
  const asked = useRef<{ cursor: string; reload: boolean } | null>(null);
  const shownFirst = useRef(first);
  const sentinel = useRef<HTMLAnchorElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new first page restarts the reloads
  useEffect(() => {
    if (shownFirst.current === first) return;
    shownFirst.current = first;
    if (pages.length === 0) setTail(next);
    else setReloads(pages.map((page) => page.cursor));
  }, [first, next]);

  const load = (cursor: string, reload: boolean) => {
    asked.current = { cursor, reload };
    fetcher.load(`/newsfeed?before=${cursor}`);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is the fetcher's, fresh each render
  useEffect(() => {
    const [cursor, ...rest] = reloads;
    if (cursor === undefined || fetcher.state !== "idle" || asked.current) return;
    setReloads(rest);
    load(cursor, true);
  }, [reloads, fetcher.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a fetched page arrives
  useEffect(() => {
    const data = fetcher.data;
    const request = asked.current;
    if (!data || !request || fetcher.state !== "idle") return;
    asked.current = null;
    if (request.reload) {
      setPages((current) =>
        current.map((page) => (page.cursor === request.cursor ? { ...page, posts: data.posts } : page)),
      );
      if (pages[pages.length - 1]?.cursor === request.cursor) setTail(data.next);
    } else {
      setPages((current) => [...current, { cursor: request.cursor, posts: data.posts }]);
      setTail(data.next);
    }
  }, [fetcher.data, fetcher.state]);

  const more = () => {
    if (tail && fetcher.state === "idle" && !asked.current) load(tail, false);
  };
  const latest = useRef(more);
  latest.current = more;
  useEffect(() => {
    const link = sentinel.current;
    if (!link || !tail || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [tail]);

  // A post may be in two pages a moment while they are fetched again: shown once.
  const seen = new Set(first.map((post) => post.id));
  const extra = pages.flatMap((page) => page.posts).filter((post) => !seen.has(post.id) && seen.add(post.id));
  return { extra, next: tail, loading: fetcher.state !== "idle", sentinel, more };
}

export default function Newsfeed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("feed");
  const { extra, next, loading, sentinel, more } = useMorePosts(loaderData.posts, loaderData.next);
  const posts = [...loaderData.posts, ...extra];
  const lastShown = loaderData.posts[loaderData.posts.length - 1];
  return (
    <main id="main">
      <h1>{t("title")}</h1>
      <p>{t("greeting", { name: loaderData.name })}</p>
      {loaderData.paged ? null : <NewPostsBanner newestShown={loaderData.posts[0]?.createdAt ?? 0} />}
      {loaderData.paged ? null : <Composer communities={loaderData.postable} />}
      {posts.length === 0 ? <p className="hint">{t("empty")}</p> : null}
      <PostList posts={posts} viewerId={loaderData.viewerId} className="post-list feed" />
      {next ? (
        <p className="feed-more">
          {/* Without JavaScript: this page grown by one more page, back at the last post read. */}
          <Link
            ref={sentinel}
            to={
              loaderData.paged
                ? `/newsfeed?before=${next}`
                : `/newsfeed?pages=${loaderData.pages + 1}${lastShown ? `#post-${lastShown.id}` : ""}`
            }
            aria-busy={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              more();
            }}
          >
            {loading ? t("loading") : t("loadMore")}
          </Link>
        </p>
      ) : posts.length > 0 ? (
        <p className="feed-end">{t("end")}</p>
      ) : null}
    </main>
  );
}
