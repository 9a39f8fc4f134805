import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { FormError, useFormMessage } from "~/components/form/field";
import type { FormFailure } from "~/lib/forms/parse";

type Postable = { id: number; name: string };

/**
 * The post composer (issue 11): a plain form posting to /content, with the communities where
 * the user may post (SPEC §3 "postable communities"); one community needs no choice.
 */
export function Composer({ communities, failure }: { communities: Postable[]; failure?: FormFailure }) {
  const { t } = useTranslation("content");
  const message = useFormMessage();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/content";
  if (communities.length === 0) return <p className="hint composer">{t("composer.noCommunities")}</p>;
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" action="/content" className="card composer" key={busy ? "busy" : "idle"}>
      <FormError error={failure?.formError} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <div className="field">
        <label htmlFor="composer-body">{t("composer.label")}</label>
        <textarea
          id="composer-body"
          name="body"
          required
          maxLength={10000}
          placeholder={t("composer.placeholder")}
          defaultValue={failure?.values.body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? "composer-body-error" : undefined}
        />
        {errors.body ? (
          <p className="field-error" id="composer-body-error">
            {errors.body.map((error) => message(error)).join(" ")}
          </p>
        ) : null}
      </div>
      <div className="composer-row">
        {communities.length === 1 ? (
          <input type="hidden" name="communityId" value={communities[0]!.id} />
        ) : (
          <div className="field">
            <label htmlFor="composer-community">{t("composer.community")}</label>
            <select id="composer-community" name="communityId" defaultValue={failure?.values.communityId}>
              {communities.map((community) => (
                <option key={community.id} value={community.id}>
                  {community.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" disabled={busy}>
          {t("composer.submit")}
        </button>
      </div>
    </Form>
  );
}
