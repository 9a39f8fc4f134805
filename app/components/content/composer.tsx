import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Field, FormError, useFormMessage } from "~/components/form/field";
import { useResizedSubmit } from "~/components/form/use-resized-submit";
import { POST_MAX_LENGTH } from "~/lib/community-limits";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { POST_IMAGE_MAX_SIDE } from "~/lib/resize-image";

/** `urgent`: the viewer may mark a post here urgent (a school's or district's manager; decision 183). */
type Postable = { id: number; name: string; urgent?: boolean };

const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * The post composer (docs/decisions/046-posts-and-feed.md, 066-post-images.md): a multipart form posting to /content, with the communities
 * where the user may post (SPEC §3 "postable communities"); one community needs no choice.
 * Without JavaScript the photos go as chosen; with it they are first scaled to at most
 * 1,600 px in the browser (decision 066). The server checks both the same way.
 */
export function Composer({ communities, failure }: { communities: Postable[]; failure?: FormFailure }) {
  const { t } = useTranslation("content");
  const message = useFormMessage();
  const location = useLocation();
  const navigation = useNavigation();
  const resized = useResizedSubmit("images", POST_IMAGE_MAX_SIDE);
  const preparing = resized.preparing;
  const busy = preparing || (navigation.state === "submitting" && navigation.formAction === "/content");
  const details = useRef<HTMLDetailsElement>(null);
  const wasBusy = useRef(false);
  // Posted: the composer folds back to its one line.
  useEffect(() => {
    if (wasBusy.current && !busy && details.current) details.current.open = false;
    wasBusy.current = busy;
  }, [busy]);
  if (communities.length === 0) return <p className="hint composer">{t("composer.noCommunities")}</p>;
  const errors = failure?.fieldErrors ?? {};
  const urgentIn = communities.filter((community) => community.urgent).length;
  // One line until the reader asks for the form (decision 124): a <details>, so it opens without
  // JavaScript too; a refused post comes back open, with what was typed.
  return (
    <details
      ref={details}
      className="card composer-details"
      open={failure ? true : undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) event.currentTarget.querySelector("textarea")?.focus();
      }}
    >
      <summary className="composer-summary">{t("composer.open")}</summary>
      <Form
        method="post"
        action="/content"
        encType="multipart/form-data"
        className="composer"
        key={busy ? "busy" : "idle"}
        onSubmit={resized.onSubmit}
      >
        <FormError error={failure?.formError} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <Field label={t("composer.label")} name="body" id="composer-body" errors={errors.body}>
          {(control) => (
            <textarea
              {...control}
              required
              maxLength={POST_MAX_LENGTH}
              placeholder={t("composer.placeholder")}
              defaultValue={failure?.values.body}
            />
          )}
        </Field>
        <Field
          label={t("images.label")}
          name="images"
          id="composer-images"
          errors={errors.images}
          hint={t("images.hint")}
        >
          {(control) => <input {...control} type="file" accept={ACCEPT} multiple />}
        </Field>
        {urgentIn > 0 ? (
          // "Mark as urgent" (decision 183): a rare act, so its warning sits under it, and where only
          // some of the communities allow it, which ones. The server checks it on every post.
          <div className="field">
            <label className="field-checkbox">
              <input
                type="checkbox"
                name="urgent"
                value="1"
                defaultChecked={failure?.values.urgent === "1"}
                aria-describedby="composer-urgent-hint"
                aria-invalid={errors.urgent ? true : undefined}
              />
              {t("composer.urgent")}
            </label>
            <p className="hint" id="composer-urgent-hint">
              {t("composer.urgentWarning")}
              {urgentIn < communities.length ? ` ${t("composer.urgentWhere")}` : null}
            </p>
            {errors.urgent ? <p className="field-error">{message(errors.urgent[0]!)}</p> : null}
          </div>
        ) : null}
        <div className="composer-row">
          {communities.length === 1 ? (
            <input type="hidden" name="communityId" value={communities[0]!.id} />
          ) : (
            <Field label={t("composer.community")} name="communityId" id="composer-community">
              {(control) => (
                <select {...control} defaultValue={failure?.values.communityId}>
                  {communities.map((community) => (
                    <option key={community.id} value={community.id}>
                      {community.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <button type="submit" disabled={busy}>
            {preparing ? t("images.preparing") : t("composer.submit")}
          </button>
        </div>
      </Form>
    </details>
  );
}
