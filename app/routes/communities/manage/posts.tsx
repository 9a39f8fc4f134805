import { data, Link, redirect } from "react-router";
import { ConfirmPage } from "~/components/communities/confirm-page";
import { ManageAction } from "~/components/communities/manage-action";
import { ManageNav } from "~/components/communities/manage-nav";
import { LinkedText } from "~/components/content/linked-text";
import { PostCardView } from "~/components/content/post-card";
import { usePostEvents } from "~/components/content/post-events";
import { DeleteForm } from "~/components/content/post-forms";
import { userContext } from "~/context";
import { CONFIRMED_MANAGE_INTENTS, postModerationSchema } from "~/lib/forms/communities";
import { parseValues } from "~/lib/forms/parse";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import content from "~/locales/en/content.json";
import { moderatePost } from "~/server/communities/manage.server";
import { getManagePosts } from "~/server/communities/manage-pages.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/posts";
import { communityIdOf, readManageForm, requireAccess } from "./access.server";
import { manageMeta } from "./manage-meta";

registerNamespace("communities", communities);
registerNamespace("content", content);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const viewerId = context.get(userContext)!.id;
  const page = requireAccess(await getManagePosts(viewerId, id));
  return {
    community: { id: page.community.id, name: page.community.name },
    viewerId,
    pending: page.pending,
    reported: page.reported,
    reportedComments: page.reportedComments,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => manageMeta(loaderData?.community.name);

const TOASTS = {
  approve: "communities:manage.toasts.postApproved",
  reject: "communities:manage.toasts.postRejected",
  pin: "communities:manage.toasts.done",
  unpin: "communities:manage.toasts.done",
  dismissReports: "communities:manage.toasts.done",
  dismissCommentReports: "communities:manage.toasts.done",
} as const;

/** POST /communities/{id}/manage/posts: approve or reject pending posts, pin, unpin, dismiss reports. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { id, fields } = await readManageForm(request, params);
  const parsed = parseValues(postModerationSchema, fields);
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok) throw data(null, { status: 400 });
  const { intent, postId, confirmed } = parsed.data;
  const viewerId = context.get(userContext)!.id;
  if (CONFIRMED_MANAGE_INTENTS.has(intent) && !confirmed) {
    requireAccess(await getManagePosts(viewerId, id));
    return { confirm: { fields } };
  }
  const manager = context.get(userContext)!;
  const done = await moderatePost(manager, id, postId, intent);
  if (!done) requireAccess(await getManagePosts(viewerId, id));
  const returnTo = intent === "pin" || intent === "unpin" ? `/communities/${id}` : `/communities/${id}/manage/posts`;
  return redirect(returnTo, {
    headers: done ? await flashToast(request, { kind: "success", key: TOASTS[intent] }) : undefined,
  });
}

export default function ManagePosts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { t: tc } = useTranslation();
  const { t: tContent } = useTranslation(["content", "common"]);
  // The cards' plain links and forms go through the router here too (decision 096).
  const events = usePostEvents();
  const { community, pending, reported, reportedComments, viewerId } = loaderData;
  const here = `/communities/${community.id}/manage/posts`;
  if (actionData?.confirm) {
    return <ConfirmPage question={t("manage.confirm.reject")} fields={actionData.confirm.fields} back={here} />;
  }
  const fullPost = (post: (typeof pending)[number]) => (
    <PostCardView post={post} viewerId={viewerId} full returnTo={events.returnTo} {...events.stateOf(post.id)} />
  );
  return (
    <main id="main" {...events.handlers}>
      <h1>{t("manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <h2>{t("manage.pendingPosts")}</h2>
      {pending.length === 0 ? <p className="hint">{t("manage.noPending")}</p> : null}
      <ul className="post-list">
        {pending.map((post) => (
          <li key={post.id}>
            {fullPost(post)}
            <div className="manage-row">
              <ManageAction
                action={here}
                fields={{ intent: "approve", postId: String(post.id) }}
                label={t("manage.approve")}
              />
              <ManageAction
                action={here}
                fields={{ intent: "reject", postId: String(post.id) }}
                label={t("manage.reject")}
                question={t("manage.confirm.reject")}
                secondary
              />
            </div>
          </li>
        ))}
      </ul>
      <h2>{t("manage.reported")}</h2>
      {reported.length === 0 ? <p className="hint">{t("manage.noReported")}</p> : null}
      <ul className="post-list">
        {reported.map(({ post, reasons }) => (
          <li key={post.id}>
            {fullPost(post)}
            <ReportReasons reasons={reasons} />
            <div className="manage-row">
              <ManageAction
                action={here}
                fields={{ intent: "dismissReports", postId: String(post.id) }}
                label={t("manage.dismiss")}
                secondary
              />
            </div>
          </li>
        ))}
      </ul>
      <h2>{t("manage.reportedComments")}</h2>
      {reportedComments.length === 0 ? <p className="hint">{t("manage.noReportedComments")}</p> : null}
      <ul className="post-list">
        {reportedComments.map((comment) => (
          <li key={comment.id} className="card">
            <p className="comment-meta">
              <strong>{comment.authorName ?? tc("unknownUser")}</strong>{" "}
              <Link to={`/content/${comment.postId}#comment-${comment.id}`}>{t("manage.commentOn")}</Link>
            </p>
            <LinkedText text={comment.body} />
            <ReportReasons reasons={comment.reasons} />
            <div className="manage-row">
              <DeleteForm
                t={tContent}
                postId={comment.postId}
                target={{ type: "comment", id: comment.id }}
                returnTo={here}
              />
              <ManageAction
                action={here}
                fields={{ intent: "dismissCommentReports", postId: String(comment.id) }}
                label={t("manage.dismiss")}
                secondary
              />
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}

function ReportReasons({ reasons }: { reasons: string[] }) {
  const { t } = useTranslation("communities");
  return (
    <div className="report-reasons">
      <strong>{t("manage.reasons")}</strong>
      <ul>
        {reasons.map((reason, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reasons of one report never reorder
          <li key={index}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
