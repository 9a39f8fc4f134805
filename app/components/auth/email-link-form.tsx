import { Form } from "react-router";
import { AccountField } from "~/components/form/account-fields";
import { FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
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
      <AccountField name="email" label={labels.email} defaultValue={defaultEmail} failure={failure} />
      {children}
      <SubmitButton className="button-block" pending={sending} pendingLabel={labels.submitting}>
        {labels.submit}
      </SubmitButton>
    </Form>
  );
}
