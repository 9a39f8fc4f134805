import { useState } from "react";
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
  /** Whom the "To" field suggests: the people the viewer may write to. */
  choices: { id: number; value: string; label: string }[];
  accept: string;
  failure: FormFailure | null;
};

/**
 * The compose form (decisions 063, 064): a plain multipart form, so it works without
 * JavaScript; after a refusal it shows what was typed, and asks for the files again.
 */
export function ComposeForm({ action, clientKey, defaults, choices, accept, failure }: ComposeFormProps) {
  const { t } = useTranslation("inbox");
  const pending = usePendingSubmit({ action });
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const to = values.to ?? defaults.to;
  const [typed, setTyped] = useState(to);
  return (
    <Form method="post" action={action} encType="multipart/form-data" className="card inbox-compose stack" noValidate>
      <FormError error={failure?.formError} values={failure?.formErrorValues} />
      <input type="hidden" name="clientKey" value={values.clientKey ?? clientKey} />
      <Field
        label={t("compose.to")}
        name="to"
        hint={t("compose.toHint")}
        errors={errors.to}
        defaultValue={to}
        autoComplete="off"
        list="compose-to-choices"
        onInput={(event) => setTyped(event.currentTarget.value)}
        required
      />
      <RecipientChoices id="compose-to-choices" choices={choices} typed={typed} />
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

/**
 * The "To" field's suggestions (decision 125): a datalist of the people one may write to, so
 * the browser offers them as one types, without JavaScript too. "To" holds several people
 * separated by commas, and a browser matches a datalist against the whole value: with
 * JavaScript, each option is what is typed up to the last comma followed by one person not
 * yet listed, so the suggestions complete the person being typed.
 */
function RecipientChoices({ id, choices, typed }: { id: string; choices: ComposeFormProps["choices"]; typed: string }) {
  const comma = typed.lastIndexOf(",");
  const before = comma < 0 ? "" : `${typed.slice(0, comma + 1).trimEnd()} `;
  const listed = new Set(
    typed
      .slice(0, Math.max(comma, 0))
      .split(",")
      .map((part) => part.trim().toLowerCase()),
  );
  return (
    <datalist id={id}>
      {choices
        .filter((choice) => !listed.has(choice.value.toLowerCase()))
        .map((choice) => (
          <option key={choice.id} value={`${before}${choice.value}`}>
            {choice.label}
          </option>
        ))}
    </datalist>
  );
}
