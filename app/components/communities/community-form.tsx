import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FormError, useFormMessage } from "~/components/form/field";
import { CATEGORIES } from "~/lib/categories";
import type { FormFailure } from "~/lib/forms/parse";

type Values = Record<string, string | boolean | undefined>;

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  const message = useFormMessage();
  if (!errors?.length) return null;
  return (
    <p className="field-error" id={id}>
      {errors.map((error) => message(error)).join(" ")}
    </p>
  );
}

/** The details and policies of a community: /communities/create and /manage/edit share it. */
export function CommunityForm({
  failure,
  initial = {},
  submitLabel,
}: {
  failure?: FormFailure;
  initial?: Values;
  submitLabel: string;
}) {
  const { t } = useTranslation("communities");
  const { t: tc } = useTranslation();
  const values: Values = failure?.values ?? initial;
  const errors = failure?.fieldErrors ?? {};
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const checked = (name: string) => values[name] === true || values[name] === "on";
  return (
    <Form method="post" className="card community-form" noValidate>
      <FormError error={failure?.formError} values={failure?.formErrorValues} />
      <Field
        label={t("form.name")}
        name="name"
        defaultValue={text("name")}
        errors={errors.name}
        required
        maxLength={80}
      />
      <Field
        label={t("form.slug")}
        name="slug"
        defaultValue={text("slug")}
        errors={errors.slug}
        hint={t("form.slugHint", { example: "lincoln-pto" })}
        maxLength={50}
        pattern="[a-z0-9-]*"
        autoCapitalize="none"
      />
      <div className="field">
        <label htmlFor="field-category">{t("form.category")}</label>
        <select
          id="field-category"
          name="category"
          defaultValue={text("category") ?? ""}
          required
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? "field-category-error" : undefined}
        >
          <option value="">{t("form.chooseCategory")}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {tc(`categories.${category}`)}
            </option>
          ))}
        </select>
        <Errors id="field-category-error" errors={errors.category} />
      </div>
      <div className="field">
        <label htmlFor="field-description">{t("form.description")}</label>
        <textarea
          id="field-description"
          name="description"
          defaultValue={text("description")}
          maxLength={2000}
          rows={4}
        />
        <Errors id="field-description-error" errors={errors.description} />
      </div>
      <fieldset className="field">
        <legend>{t("form.joinPolicy")}</legend>
        {(["open", "request", "invite"] as const).map((policy) => (
          <label key={policy} className="field-checkbox">
            <input
              type="radio"
              name="joinPolicy"
              value={policy}
              defaultChecked={(text("joinPolicy") ?? "open") === policy}
            />
            {t(`policy.${policy}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>{t("form.postPolicy")}</legend>
        {(["all", "managers"] as const).map((policy) => (
          <label key={policy} className="field-checkbox">
            <input
              type="radio"
              name="postPolicy"
              value={policy}
              defaultChecked={(text("postPolicy") ?? "all") === policy}
            />
            {t(policy === "all" ? "form.postAll" : "form.postManagers")}
          </label>
        ))}
      </fieldset>
      <div className="field field-checkbox">
        <label>
          <input type="checkbox" name="requiresApproval" defaultChecked={checked("requiresApproval")} />
          {t("form.requiresApproval")}
        </label>
      </div>
      <button type="submit">{submitLabel}</button>
    </Form>
  );
}
