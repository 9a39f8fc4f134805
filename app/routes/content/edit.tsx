import { data, Form, Link, redirect } from "react-router";
import { Field, FormError } from "~/components/form/field";
import { userContext } from "~/context";
import { POST_MAX_LENGTH } from "~/lib/community-limits";
import { parseId } from "~/lib/forms/communities";
import { editPostSchema } from "~/lib/forms/content";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import content from "~/locales/en/content.json";
import { getInstance } from "~/middleware/i18next";
import { getEditablePost, updatePost } from "~/server/content/posts.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/edit";

registerNamespace("content", content);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/** /content/{id}/edit: the author only; anyone else gets the 404 page (the post is not theirs to edit). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const post = id === null ? null : await getEditablePost(context.get(userContext)!.id, id);
  if (!post) throw data(null, { status: 404, statusText: "Not Found" });
  return { post, metaTitle: getInstance(context).t("content:editMetaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const formData = await readFormData(request);
  const parsed = parseForm(editPostSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  // Unticked images leave the post (decision 066); keys not on this post change nothing.
  const remove = formData.getAll("removeImage").filter((value): value is string => typeof value === "string");
  const saved = await updatePost(context.get(userContext)!, id, parsed.data.body, remove);
  if (!saved) throw data(null, { status: 404 });
  return redirect(`/content/${id}`, {
    headers: await flashToast(request, { kind: "success", key: "content:toasts.saved" }),
  });
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  return (
    <main id="main">
      <h1>{t("editTitle")}</h1>
      <Form method="post" className="card composer">
        <FormError error={actionData?.formError} />
        <Field label={t("composer.label")} name="body" id="edit-body" errors={actionData?.fieldErrors.body}>
          {(control) => (
            <textarea
              {...control}
              required
              maxLength={POST_MAX_LENGTH}
              rows={8}
              defaultValue={actionData?.values.body ?? loaderData.post.body}
            />
          )}
        </Field>
        {loaderData.post.images.length ? (
          <fieldset className="field edit-images">
            <legend>{t("images.keepLegend")}</legend>
            {loaderData.post.images.map((image, index) => (
              <label key={image.key} className="edit-image">
                <img src={image.url} width={image.width} height={image.height} alt="" loading="lazy" />
                <span className="field-checkbox">
                  <input type="checkbox" name="removeImage" value={image.key} />
                  {t("images.remove", { number: index + 1 })}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="composer-row">
          <button type="submit">{t("post.save")}</button>
          <Link to={`/content/${loaderData.post.id}`}>{t("post.cancel")}</Link>
        </div>
      </Form>
    </main>
  );
}
