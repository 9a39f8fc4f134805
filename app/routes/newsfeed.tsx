import { useTranslation } from "react-i18next";
import { AvatarPopup } from "~/components/user/avatar-popup";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import feed from "~/locales/en/feed.json";
import { getInstance } from "~/middleware/i18next";
import { runBatch } from "~/server/db/batch.server";
import { newsfeedPart } from "~/server/newsfeed.server";
import type { Route } from "./+types/newsfeed";

registerNamespace("feed", feed);

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  // Posts with their authors' user info and friendStatus (SPEC §2): one round trip (decision 041).
  const { posts } = await runBatch({ posts: newsfeedPart(user.id) });
  return { metaTitle: getInstance(context).t("feed:metaTitle"), name: user.name, posts };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Newsfeed({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("feed");
  const { t: tc } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <main id="main">
      <h1>{t("title")}</h1>
      <p>{t("greeting", { name: loaderData.name })}</p>
      {loaderData.posts.length === 0 ? <p className="hint">{t("empty")}</p> : null}
      <ul className="feed">
        {loaderData.posts.map((post) => (
          <li key={post.id} className="card feed-post">
            <header className="feed-post-header">
              {/* SPEC §9: avatars are 48 px, 64 px in the popup. */}
              <AvatarPopup user={post.author} />
              <div>
                <strong>{post.author?.name ?? tc("unknownUser")}</strong>{" "}
                <span className={`category-label category-${post.community.category}`}>
                  {tc(`categories.${post.community.category}`)}
                </span>
                <p className="hint">
                  {t("postedIn", { community: post.community.name })} ·{" "}
                  <time dateTime={new Date(post.createdAt).toISOString()}>{dateFormat.format(post.createdAt)}</time>
                </p>
              </div>
            </header>
            <p>{post.body}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
