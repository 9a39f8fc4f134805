import { data, Link, redirect } from "react-router";
import { CommentForm, CommentList } from "~/components/content/comment-view";
import { PostCardView } from "~/components/content/post-card";
import { usePostEvents } from "~/components/content/post-events";
import { userContext } from "~/context";
import { actionFields } from "~/lib/action-fields";
import { useClock } from "~/lib/clock";
import { parseId } from "~/lib/forms/communities";
import { confirmedField, expandTarget, postActionSchema } from "~/lib/forms/content";
import { parseValues } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { safeRedirectPath } from "~/lib/safe-redirect";
import communities from "~/locales/en/communities.json";
import content from "~/locales/en/content.json";
import { getInstance, getLocale } from "~/middleware/i18next";
import { getPostPage } from "~/server/content/content-pages.server";
import { performPostAction } from "~/server/content/post-actions.server";
import { parseTranslateParam } from "~/server/content/translation.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/post";

registerNamespace("content", content);
registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/**
 * /content/{id}: a post with all its comments; 404 for anyone who may not see it (decision 045).
 * `?translate=post` or `?translate=comment-9`: that text in the reader's language ("See
 * translation" without JavaScript, decision 150).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const viewerId = context.get(userContext)!.id;
  const translate = id === null ? null : parseTranslateParam(url.searchParams.get("translate"), id, getLocale(context));
  const page = id === null ? null : await getPostPage(viewerId, id, translate);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  const metaTitle = getInstance(context).t("content:postMetaTitle", { community: page.post.community.name });
  return { ...page, viewerId, metaTitle };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

const CONFIRMED = new Set(["deletePost", "deleteComment"]);

/** POST /content/{id}: comment, reply, like, unlike, edit, report or delete a comment, report or delete the post. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const postId = parseId(params.id);
  if (postId === null) throw data(null, { status: 404 });
  const formData = await readFormData(request);
  // List forms carry their fields in the action URL (decision 106).
  const fields = expandTarget(actionFields(url, formData));
  const parsed = parseValues(postActionSchema, fields);
  // Where to go back to and whether the person confirmed: hints, ignored when they do not parse.
  const extra = parseValues(confirmedField, fields);
  const { confirmed = false, returnTo: wanted } = extra.ok ? extra.data : {};
  if (!parsed.ok) {
    return redirect(safeRedirectPath(wanted, `/content/${postId}`), {
      headers: await flashToast(request, {
        kind: "warning",
        key: Object.values(parsed.fieldErrors)[0]?.[0] ?? "content:errors.commentRequired",
      }),
    });
  }
  if (CONFIRMED.has(parsed.data.intent) && !confirmed) return { confirm: fields as Record<string, string> };
  const outcome = await performPostAction(context.get(userContext)!, postId, parsed.data);
  if (outcome.status === "not_found") throw data(null, { status: 404 });
  const fallback = outcome.status === "post_deleted" ? "/newsfeed" : `/content/${postId}`;
  const returnTo = safeRedirectPath(wanted, fallback);
  // A deleted post's own page is gone: never go back to it.
  const target =
    outcome.status === "post_deleted"
      ? returnTo.startsWith(`/content/${postId}`)
        ? "/newsfeed"
        : returnTo
      : backToPost(request, returnTo, postId);
  const kind = outcome.status === "refused" ? "warning" : "success";
  const headers = outcome.toast ? await flashToast(request, { kind, key: outcome.toast }) : undefined;
  return redirect(target, { headers });
}

/**
 * Without JavaScript the browser loads the list again after a post's form: the post's anchor
 * brings the reader back to that post, not to the top of the feed (decision 124). A script's
 * fetch (not a navigation) keeps its place by itself, and an anchor would make it jump.
 */
function backToPost(request: Request, returnTo: string, postId: number) {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if ((mode !== null && mode !== "navigate") || returnTo.includes("#")) return returnTo;
  return POST_LISTS.test(returnTo.split("?")[0] ?? "") ? `${returnTo}#post-${postId}` : returnTo;
}

/** The pages that list posts as cards with their forms: the newsfeed, a community, /content. */
const POST_LISTS = /^\/(newsfeed|content|communities\/\d+)$/;

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation(["content", "common"]);
  const clock = useClock();
  // The post's plain links and forms go through the router (decision 096).
  const { post, threads, viewerId, translation } = loaderData;
  const events = usePostEvents(
    translation && !("failed" in translation)
      ? { postId: post.id, item: translation.key, text: translation.text, from: translation.from }
      : null,
    viewerId,
  );
  if (actionData?.confirm) {
    const { confirmed: _c, ...fields } = actionData.confirm;
    return (
      <main id="main" className="confirm-page">
        <h1>{t("post.confirmTitle")}</h1>
        <p>{t(fields.intent === "deletePost" ? "post.confirmDeletePost" : "post.confirmDeleteComment")}</p>
        <form method="post" className="confirm-actions">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit">{t("post.yes")}</button>
          <Link to={`/content/${post.id}`}>{t("post.no")}</Link>
        </form>
      </main>
    );
  }
  return (
    <main id="main" {...events.handlers}>
      {/* The page's <h1> (decision 125): the card below shows the same, so only read aloud. */}
      <h1 className="visually-hidden">{t("post.heading", { community: post.community.name })}</h1>
      {translation && "failed" in translation ? (
        <p className="form-error" role="alert">
          {t("common:translation.failed")}
        </p>
      ) : null}
      <PostCardView post={post} viewerId={viewerId} full returnTo={events.returnTo} {...events.stateOf(post.id)} />
      <section aria-label={t("post.comments", { count: post.commentCount })}>
        <h2>{t("post.comments", { count: post.commentCount })}</h2>
        {CommentList({
          threads,
          showReplyForm: true,
          context: {
            t,
            language: i18n.language,
            clock,
            postId: post.id,
            viewerId,
            canModerate: post.canModerate,
            returnTo: events.returnTo,
            pendingLikes: events.stateOf(post.id).pendingLikes,
            openForm: events.stateOf(post.id).openForm,
            canTranslate: events.stateOf(post.id).canTranslate,
            translations: events.stateOf(post.id).translations,
          },
        })}
        <CommentForm t={t} postId={post.id} returnTo={events.returnTo} id={`comment-body-${post.id}`} />
      </section>
    </main>
  );
}
