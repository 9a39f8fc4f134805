import { Form } from "react-router";
import { Field, FormError } from "~/components/form/field";
import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_SLUG_MAX_LENGTH,
} from "~/lib/community-limits";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { CategoryOptions } from "./category-options";

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
        maxLength={COMMUNITY_NAME_MAX_LENGTH}
      />
      <Field
        label={t("form.slug")}
        name="slug"
        defaultValue={text("slug")}
        errors={errors.slug}
        hint={t("form.slugHint", { example: "lincoln-pto" })}
        maxLength={COMMUNITY_SLUG_MAX_LENGTH}
        pattern="[a-z0-9-]*"
        autoCapitalize="none"
      />
      <Field label={t("form.category")} name="category" errors={errors.category}>
        {(control) => (
          <select {...control} defaultValue={text("category") ?? ""} required>
            <CategoryOptions emptyLabel={t("form.chooseCategory")} />
          </select>
        )}
      </Field>
      <Field label={t("form.description")} name="description" errors={errors.description}>
        {(control) => (
          <textarea
            {...control}
            defaultValue={text("description")}
            maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH}
            rows={4}
          />
        )}
      </Field>
      <RadioGroup
        legend={t("form.joinPolicy")}
        name="joinPolicy"
        checked={text("joinPolicy") ?? "open"}
        options={(["open", "request", "invite"] as const).map((policy) => ({
          value: policy,
          label: t(`policy.${policy}`),
        }))}
      />
      <RadioGroup
        legend={t("form.postPolicy")}
        name="postPolicy"
        checked={text("postPolicy") ?? "all"}
        options={[
          { value: "all", label: t("form.postAll") },
          { value: "managers", label: t("form.postManagers") },
        ]}
      />
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

/** One choice among a few, each a labelled radio button (the community's policies). */
function RadioGroup({
  legend,
  name,
  checked,
  options,
}: {
  legend: string;
  name: string;
  checked: string;
  options: { value: string; label: string }[];
}) {
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="field-checkbox">
          <input type="radio" name={name} value={option.value} defaultChecked={checked === option.value} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
