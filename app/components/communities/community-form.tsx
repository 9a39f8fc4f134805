import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FormError } from "~/components/form/field";
import { CATEGORIES } from "~/lib/categories";
import type { FormFailure } from "~/lib/forms/parse";

type Values = Record<string, string | boolean | undefined>;

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
      <Field label={t("form.category")} name="category" errors={errors.category}>
        {(control) => (
          <select {...control} defaultValue={text("category") ?? ""} required>
            <option value="">{t("form.chooseCategory")}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {tc(`categories.${category}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("form.description")} name="description" errors={errors.description}>
        {(control) => <textarea {...control} defaultValue={text("description")} maxLength={2000} rows={4} />}
      </Field>
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
