import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import { Field } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { UserAvatar } from "~/components/layout/user-avatar";
import type { FormFailure } from "~/lib/forms/parse";
import { registerNamespace } from "~/lib/i18n-client";
import { resizeImage } from "~/lib/resize-image";
import friends from "~/locales/en/friends.json";

registerNamespace("friends", friends);

const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * The profile picture (intents "avatar" and "avatar-remove"). Without JavaScript the chosen
 * file is posted as it is; with it, the image is first scaled to at most 512×512 in the
 * browser. The server checks type (by content) and size either way.
 */
export function AvatarSection({ name, avatar, failure }: { name: string; avatar: string; failure?: FormFailure }) {
  const { t } = useTranslation("friends");
  const fetcher = useFetcher<FormFailure>();
  const uploading = usePendingSubmit({ fetcher });
  const removing = usePendingSubmit({ intent: "avatar-remove" });
  const shownFailure = fetcher.data && fetcher.state === "idle" ? fetcher.data : failure;

  return (
    <section id="settings-avatar" className="settings-section" aria-labelledby="settings-avatar-title">
      <h2 id="settings-avatar-title">{t("avatar.title")}</h2>
      <p>{t("avatar.lead")}</p>
      <div className="avatar-settings">
        <UserAvatar name={name} avatar={avatar} size="large" />
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="stack"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const file = form.get("avatar");
            if (file instanceof File && file.size > 0) {
              const resized = await resizeImage(file);
              if (resized) form.set("avatar", resized, resized.type === "image/webp" ? "avatar.webp" : "avatar.jpg");
            }
            await fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
          }}
        >
          <input type="hidden" name="intent" value="avatar" />
          <Field
            id="settings-avatar-file"
            label={t("avatar.file")}
            name="avatar"
            errors={shownFailure?.fieldErrors.avatar}
          >
            {(control) => <input {...control} type="file" accept={ACCEPT} />}
          </Field>
          <div className="settings-actions">
            <SubmitButton className="button-secondary" pending={uploading} pendingLabel={t("avatar.uploading")}>
              {t("avatar.submit")}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </div>
      {avatar !== "default" ? (
        <Form method="post" className="avatar-remove settings-actions">
          <input type="hidden" name="intent" value="avatar-remove" />
          <SubmitButton className="button-secondary" pending={removing}>
            {t("avatar.remove")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
