import { HiddenByBlock } from "~/components/friends/block-control";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownPost } from "~/lib/post-card";
import { TranslationToggle, translationIn } from "../translation/translation-toggle";
import type { WaitingComment } from "./comment-outbox";
import { asThreads, type CommentContext, CommentForm, CommentList } from "./comment-view";
import { LinkedText } from "./linked-text";
import { PostAuthor } from "./post-author";
import type { AuthorPopup, PostTranslations } from "./post-events";
import { DeleteForm, ItemMenu, LikeForm, OpenedTextForm, reportForm, TextFormLink } from "./post-forms";
import { PostImages } from "./post-images";

/**
 * A post as the newsfeed, a community and /content show it (docs/decisions/046-posts-and-feed.md): author with
 * the avatar popup, community label, time, text, photos, counts, the first comments and the
 * forms. `eager` for the first post of a page: its photos load at once, the others lazily.
 *
 * One hook per post (decision 096): the translator is handed down, links and forms are plain
 * <a> and <form> that the list's handlers (usePostEvents) send through the router (the
 * `data-discover` ones tell React Router, as its <Link> would, which routes to learn before a
 * click: one per route is enough, the forms post to the post's page the time links to), and what
 * the list knows about this post comes as plain values: where forms return to, the likes being
 * sent, the Report/Edit form open in it (`openForm`) and the author's popup the reader opened.
 * Its hook-free parts (author, text, translation link, photos, like, times, comment box)
 * are called as plain functions: a page of 20 posts renders some 400 fewer components, on the
 * server and when it hydrates (decision 192).
 */
export function PostCardView({
  post,
  viewerId,
  full = false,
  eager = false,
  returnTo,
  pendingLikes = "",
  waiting = [],
  openForm,
  popup = null,
  canTranslate = false,
  translations,
}: {
  post: ShownPost;
  viewerId: number;
  full?: boolean;
  eager?: boolean;
  returnTo: string;
  pendingLikes?: string;
  /** This viewer's comments on it written offline, not sent yet (decision 133). */
  waiting?: WaitingComment[];
  /** The Report/Edit form open in this post ("report=post", "edit=comment-9"), or "". */
  openForm: string;
  popup?: AuthorPopup | null;
  /** A translator is configured: texts in another language offer "See translation" (decision 150). */
  canTranslate?: boolean;
  translations?: PostTranslations;
}) {
  const { t, i18n } = useTranslation(["content", "common"]);
  const clock = useClock();
  // `data-discover` tells React Router the routes to learn before a click: on the first card of
  // a list (`eager`) and a post's own page; the other cards link to the same routes (decision 192).
  const discovered = eager || full || undefined;
  const isAuthor = post.author?.id === viewerId;
  const authorName = post.author?.name ?? t("common:unknownUser");
  const category = post.community.category;
  const target = { type: "post" as const, id: post.id };
  // Left out of the page's data at their defaults (decision 204).
  const commentCount = post.commentCount ?? 0;
  const firstComments = post.firstComments ?? [];
  const canModerate = post.canModerate ?? false;
  // Anyone but its author may report it (decision 124): the author's card describes no Report form.
  const report = isAuthor ? null : reportForm(t, post.id, target, returnTo);
  const context: CommentContext = {
    t,
    language: i18n.language,
    clock,
    postId: post.id,
    viewerId,
    canModerate,
    returnTo,
    pendingLikes,
    openForm,
    canTranslate,
    translations,
  };
  if (post.blockedAuthor && post.author) {
    // The viewer blocked its author (decision 160): only the notice and the undo.
    return (
      <article className="card post-card" id={`post-${post.id}`}>
        <HiddenByBlock
          userId={post.author.id}
          returnTo={returnTo}
          text={t("common:blocked.hidden")}
          undo={t("common:blocked.undo")}
        />
      </article>
    );
  }
  const translation = translationIn(translations, "post");
  return (
    // Named by its author, as the header's name reads; the names and the community keep their own
    // direction by CSS (`unicode-bidi: plaintext`), not an attribute each (decision 204).
    <article className="card post-card" id={`post-${post.id}`} aria-label={authorName}>
      <header>
        {PostAuthor({ t, user: post.author, popup })}
        <div>
          <strong>{authorName}</strong>{" "}
          <span className={`category-label category-${category}`}>
            {t(`common:categories.${category}` as "common:categories.pto")}
          </span>
          <p>
            <a href={`/communities/${post.community.id}`} data-discover={discovered}>
              {post.community.name}
            </a>
            {" · "}
            <a href={`/content/${post.id}`} aria-label={t("post.open")} data-discover={discovered}>
              {When({ at: post.createdAt, clock })}
            </a>
            {post.editedAt ? ` · ${t("post.edited")}` : null}
          </p>
          {post.urgent ? <span className="post-badge post-urgent">{t("post.urgent")}</span> : null}
          {post.pending ? <span className="post-badge">{t("post.pending")}</span> : null}
          {post.pinned ? <span className="post-badge">{t("post.pinned")}</span> : null}
        </div>
      </header>
      {LinkedText({
        text: translation?.text ?? post.body,
        lang: translation ? undefined : textLanguage(post.lang ?? null, i18n.language),
      })}
      {TranslationToggle({
        t,
        readerLocale: i18n.language,
        itemKey: "post",
        itemLang: post.lang ?? null,
        enabled: canTranslate,
        translation,
        page: `/content/${post.id}?translate=post#post-${post.id}`,
        original: `/content/${post.id}#post-${post.id}`,
      })}
      {post.images ? PostImages({ t, images: post.images, author: authorName, eager: eager || full }) : null}
      <div className="post-actions">
        {LikeForm({
          t,
          postId: post.id,
          target,
          liked: post.liked ?? false,
          count: post.likeCount ?? 0,
          pendingLikes,
          returnTo,
        })}
        {/* To the comment box: the card's own in a list, the page's on the post's page. */}
        <a
          href={`#comment-body-${post.id}`}
          aria-label={`${t("post.comment")} · ${t("post.comments", { count: commentCount })}`}
        >
          {commentCount}
        </a>
        {/* Edit (the author) or Report (anyone else), so never empty (decision 124). */}
        <ItemMenu label={t("post.actions")}>
          {isAuthor ? (
            <a href={`/content/${post.id}/edit`} data-discover={discovered}>
              {t("post.edit")}
            </a>
          ) : null}
          {canModerate && !post.pending ? (
            <form method="post" action={`/communities/${post.community.id}/manage/posts`} data-discover={discovered}>
              <input type="hidden" name="intent" value={post.pinned ? "unpin" : "pin"} />
              <input type="hidden" name="postId" value={post.id} />
              <button type="submit">{post.pinned ? t("post.unpin") : t("post.pin")}</button>
            </form>
          ) : null}
          {report ? TextFormLink({ form: report, open: openForm === report.opener }) : null}
          {isAuthor || canModerate ? (
            <DeleteForm
              t={t}
              postId={post.id}
              target={target}
              returnTo={full ? "/newsfeed" : returnTo}
              buttonClassName={null}
            />
          ) : null}
        </ItemMenu>
      </div>
      {report && openForm === report.opener ? <OpenedTextForm {...report} /> : null}
      {full ? null : (
        <>
          {firstComments.length ? CommentList({ threads: asThreads(firstComments), context }) : null}
          {commentCount > firstComments.length ? (
            <p>
              <a href={`/content/${post.id}`}>{t("post.allComments")}</a>
            </p>
          ) : null}
        </>
      )}
      {waiting.length ? (
        <ul className="comment-list">
          {waiting.map((item) => (
            <li key={item.key} className="comment">
              <p className="post-text">{item.content}</p>
              <p className="hint">{t("post.waiting")}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : CommentForm({ t, postId: post.id, returnTo, id: `comment-body-${post.id}` })}
    </article>
  );
}

/** The `lang` a text needs: its own when it is not the page's (decision 150). */
export function textLanguage(lang: string | null, pageLanguage: string) {
  return lang && lang !== pageLanguage.split("-")[0] ? lang : undefined;
}
