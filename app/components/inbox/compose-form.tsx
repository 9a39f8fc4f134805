import { Form, Link } from "react-router";
import { Field, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import type { FormFailure } from "~/lib/forms/parse";
import { useTranslation } from "~/lib/i18n-lite/react";
import { BODY_MAX_LENGTH, SUBJECT_MAX_LENGTH } from "~/lib/inbox-limits";

export type ComposeFormProps = {
  action: string;
  clientKey: string;
  defaults: { to: string; subject: string; body: string };
  accept: string;
  failure: FormFailure | null;
};

/**
 * The compose form (decisions 063, 064): a plain multipart form, so it works without
 * JavaScript; after a refusal it shows what was typed, and asks for the files again.
 */
export function ComposeForm({ action, clientKey, defaults, accept, failure }: ComposeFormProps) {
  const { t } = useTranslation("inbox");
  const pending = usePendingSubmit({ action });
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="card inbox-compose stack" noValidate>
      <FormError error={failure?.formError} values={failure?.formErrorValues} />
      <input type="hidden" name="clientKey" value={values.clientKey ?? clientKey} />
      <Field
        label={t("compose.to")}
        name="to"
        hint={t("compose.toHint")}
        errors={errors.to}
        defaultValue={values.to ?? defaults.to}
        autoComplete="off"
        required
      />
      <Field
        label={t("compose.subject")}
        name="subject"
        errors={errors.subject}
        defaultValue={values.subject ?? defaults.subject}
        maxLength={SUBJECT_MAX_LENGTH}
        required
      />
      <Field label={t("compose.body")} name="body" errors={errors.body}>
        {(control) => (
          <textarea
            {...control}
            rows={10}
            maxLength={BODY_MAX_LENGTH}
            required
            defaultValue={values.body ?? defaults.body}
          />
        )}
      </Field>
      <Field
        id="compose-files"
        label={t("compose.files")}
        name="files"
        hint={t("compose.filesHint")}
        errors={errors.files}
      >
        {(control) => <input {...control} type="file" multiple accept={accept} />}
      </Field>
      <div className="inbox-actions">
        <SubmitButton pending={pending} pendingLabel={t("compose.sending")}>
          {t("compose.send")}
        </SubmitButton>
        <Link to="/messagesold">{t("compose.cancel")}</Link>
      </div>
    </Form>
  );
}
