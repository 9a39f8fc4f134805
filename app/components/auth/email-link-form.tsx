import { Form } from "react-router";
import { Field, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { EMAIL_MAX_LENGTH } from "~/lib/account";
import type { FormFailure } from "~/lib/forms/parse";

/**
 * "Enter your email and we send you a link": a new activation mail, or a password reset.
 * Errors (a bad address, too many mails) show at the form with what was typed.
 */
export function EmailLinkForm({
  action,
  labels,
  failure,
  defaultEmail,
  intent,
  children,
}: {
  action: string;
  labels: { email: string; submit: string; submitting: string };
  failure?: FormFailure;
  defaultEmail?: string;
  intent?: string;
  /** Extra controls before the button, e.g. the captcha. */
  children?: React.ReactNode;
}) {
  const sending = usePendingSubmit({ action });
  return (
    <Form method="post" action={action} noValidate className="stack">
      <FormError error={failure?.formError} values={failure?.formErrorValues} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Field
        label={labels.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        defaultValue={failure?.values.email ?? defaultEmail}
        errors={failure?.fieldErrors.email}
      />
      {children}
      <SubmitButton className="button-block" pending={sending} pendingLabel={labels.submitting}>
        {labels.submit}
      </SubmitButton>
    </Form>
  );
}
