import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Composer } from "~/components/content/composer";
import { NewPostsBanner } from "~/components/content/new-posts-banner";
import { PostList } from "~/components/content/post-list";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import { type ShownPost, toShownPost } from "~/lib/post-card";
import content from "~/locales/en/content.json";
import feed from "~/locales/en/feed.json";
import { getInstance } from "~/middleware/i18next";
import { decodeCursor, encodeCursor } from "~/server/content/post-cards.server";
import { loadNewsfeed } from "~/server/feed/newsfeed.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/newsfeed";

registerNamespace("feed", feed);
registerNamespace("content", content);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const cursor = decodeCursor(new URL(request.url).searchParams.get("before"));
  const page = await loadNewsfeed(user.id, cursor);
  const last = page.posts[page.posts.length - 1];
  return {
    metaTitle: getInstance(context).t("feed:metaTitle"),
    name: user.name,
    viewerId: user.id,
    // What the cards render, not the JSON API's whole PostCard (decision 106).
    posts: page.posts.map(toShownPost),
    postable: page.postable.map(({ id, name }) => ({ id, name })),
    next: !page.endOfFeed && last ? encodeCursor(last) : null,
    paged: cursor !== null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "feed:metaDescription" };

/**
 * Infinite scroll with JavaScript: when the "Load more" link comes into view, the next page is
 * fetched and appended; without JavaScript the link opens that page (decision 046).
 */
function useMorePosts(first: ShownPost[], next: string | null) {
  const fetcher = useFetcher<typeof loader>();
  const [pages, setPages] = useState<{ posts: ShownPost[]; next: string | null }>({ posts: [], next });
  const sentinel = useRef<HTMLAnchorElement>(null);
  // A revalidation (after a like or comment) restarts from the server's first page.
  // At mount nothing changes: returning the same state skips a re-render of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the first page changes
  useEffect(
    () => setPages((current) => (current.posts.length === 0 && current.next === next ? current : { posts: [], next })),
    [first, next],
  );
  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    setPages((current) => {
      const seen = new Set(current.posts.map((post) => post.id));
      return { posts: [...current.posts, ...data.posts.filter((post) => !seen.has(post.id))], next: data.next };
    });
  }, [fetcher.data, fetcher.state]);
  useEffect(() => {
    const link = sentinel.current;
    if (!link || !pages.next || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && fetcher.state === "idle") {
        fetcher.load(`/newsfeed?before=${pages.next}`);
      }
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [pages.next, fetcher]);
  return { extra: pages.posts, next: pages.next, loading: fetcher.state !== "idle", sentinel };
}

export default function Newsfeed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("feed");
  const { extra, next, loading, sentinel } = useMorePosts(loaderData.posts, loaderData.next);
  const posts = [...loaderData.posts, ...extra];
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
          <Link ref={sentinel} to={`/newsfeed?before=${next}`} aria-busy={loading || undefined}>
            {loading ? t("loading") : t("loadMore")}
          </Link>
        </p>
      ) : posts.length > 0 ? (
        <p className="feed-end">{t("end")}</p>
      ) : null}
    </main>
  );
}
