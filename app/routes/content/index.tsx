import { data, Link, redirect } from "react-router";
import { Composer } from "~/components/content/composer";
import { PostList } from "~/components/content/post-list";
import { useFormMessage } from "~/components/form/field";
import { userContext } from "~/context";
import { newPostSchema } from "~/lib/forms/content";
import { fieldFailure, formFailure, parseForm } from "~/lib/forms/parse";
import { uploadedFiles } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { toShownPosts } from "~/lib/post-card";
import { safeRedirectPath } from "~/lib/safe-redirect";
import content from "~/locales/en/content.json";
import { getInstance } from "~/middleware/i18next";
import { listOwnPosts } from "~/server/content/content-pages.server";
import { decodeCursor, encodeCursor } from "~/server/content/post-cards.server";
import { createPost } from "~/server/content/posts.server";
import { storePostImages } from "~/server/files/post-images.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import { imageFailure, readPostForm } from "../../server/content/post-form.server";
import type { Route } from "./+types/index";

registerNamespace("content", content);

/** The refusal of a student's post before a parent's consent: said at the composer's field. */
const CONSENT_REQUIRED = "content:errors.consentRequired";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** /content: the user's own posts, pending ones included (they see their own). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const cursor = decodeCursor(new URL(request.url).searchParams.get("before"));
  const { posts, hasMore } = await listOwnPosts(user.id, cursor);
  return {
    metaTitle: getInstance(context).t("content:metaTitle"),
    // The cards' fields only, as the newsfeed sends them (decision 106).
    posts: toShownPosts(posts),
    viewerId: user.id,
    next: hasMore ? encodeCursor(posts[posts.length - 1]!) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

/**
 * POST /content: the composer. Published or pending by the community's rules (decision 045);
 * back to where the composer was (PRG). A failure goes back too, with the text kept in a flash-free
 * way: the page re-renders from here with the error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const read = await readPostForm(request);
  if ("refused" in read) return read.refused;
  const { formData } = read;
  const parsed = parseForm(newPostSchema, formData);
  const returnTo = safeRedirectPath(String(formData.get("returnTo") ?? ""), "/newsfeed");
  if (!parsed.ok) return data(parsed, { status: 400 });
  const stored = await storePostImages(uploadedFiles(formData, "images"));
  if (stored.status !== "stored") return imageFailure(formData, stored.status);
  const result = await createPost(user, parsed.data.communityId, parsed.data.body, stored.images, {
    urgent: parsed.data.urgent,
  });
  if (result.status === "not_allowed" && result.reason === "consent_required") {
    // Said at the field, with what was typed (decision 185): the composer comes back here.
    const failure = formFailure(formData, "", undefined, { body: [CONSENT_REQUIRED] });
    return data({ ...failure, formError: undefined }, { status: 403 });
  }
  if (result.status === "not_allowed") {
    return data(formFailure(formData, "content:errors.notAllowed"), { status: 403 });
  }
  if (result.status === "urgent_not_allowed") {
    // At the checkbox, with what was typed kept (decision 183).
    return data(fieldFailure(formData, { urgent: ["content:errors.urgentNotAllowed"] }), { status: 403 });
  }
  return redirect(returnTo, {
    headers: await flashToast(request, {
      kind: "success",
      key: result.status === "pending" ? "content:toasts.pending" : "content:toasts.posted",
    }),
  });
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const message = useFormMessage();
  return (
    <main id="main">
      <h1>{t("title")}</h1>
      {actionData && !actionData.ok && actionData.fieldErrors.body?.includes(CONSENT_REQUIRED) ? (
        <Composer communities={[{ id: Number(actionData.values.communityId), name: "" }]} failure={actionData} />
      ) : actionData && !actionData.ok ? (
        <div className="form-error" role="alert">
          {actionData.formError ? message(actionData.formError) : null}
          {Object.values(actionData.fieldErrors)
            .flat()
            .map((error) => message(error))
            .join(" ")}
          {actionData.values.body ? <p className="post-text">{actionData.values.body}</p> : null}
        </div>
      ) : null}
      {loaderData.posts.length === 0 ? <p className="hint">{t("empty")}</p> : null}
      <PostList posts={loaderData.posts} viewerId={loaderData.viewerId} />
      {loaderData.next ? (
        <p className="feed-more">
          <Link to={`/content?before=${loaderData.next}`}>{t("more")}</Link>
        </p>
      ) : null}
    </main>
  );
}
