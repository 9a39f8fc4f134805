import { Form } from "react-router";
import { Field } from "~/components/form/field";
import { useResizedSubmit } from "~/components/form/use-resized-submit";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { AVATAR_MAX_SIDE } from "~/lib/resize-image";
import { CommunityAvatar } from "./community-avatar";

/**
 * A community's picture on /manage/edit (decision 067): a multipart form that works without
 * JavaScript; with it the picture is first scaled to 512 px in the browser.
 */
export function CommunityAvatarForm({
  community,
  failure,
}: {
  community: { name: string; avatar: string; category: string };
  failure?: FormFailure;
}) {
  const { t } = useTranslation("communities");
  const resized = useResizedSubmit("avatar", AVATAR_MAX_SIDE);
  return (
    <section className="card community-avatar-form" aria-labelledby="community-avatar-title">
      <h2 id="community-avatar-title">{t("avatar.title")}</h2>
      <p>{t("avatar.lead")}</p>
      <div className="avatar-settings">
        <CommunityAvatar name={community.name} avatar={community.avatar} category={community.category} size={96} />
        <Form method="post" encType="multipart/form-data" className="stack" onSubmit={resized.onSubmit}>
          <input type="hidden" name="intent" value="avatar" />
          <Field
            label={t("avatar.file")}
            name="avatar"
            id="community-avatar-file"
            hint={t("avatar.hint")}
            errors={failure?.fieldErrors.avatar}
          >
            {(control) => <input {...control} type="file" accept="image/jpeg,image/png,image/webp" />}
          </Field>
          <div>
            <button type="submit" disabled={resized.preparing}>
              {resized.preparing ? t("avatar.uploading") : t("avatar.submit")}
            </button>
          </div>
        </Form>
      </div>
      {community.avatar !== "default" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="avatar-remove" />
          <button type="submit" className="button-secondary">
            {t("avatar.remove")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
