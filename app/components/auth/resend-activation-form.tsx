import { Form } from "react-router";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";

export const RESEND_ACTIVATION_ACTION = "/login/activate";

/**
 * "Send the activation email again" as one button: the address is already known (just
 * registered, or refused at sign-in). It posts to /login/activate, which owns the limits. The
 * page passes its texts, so sign-in needs no "register" texts in the browser (decision 099).
 */
export function ResendActivationForm({
  email,
  label,
  pendingLabel,
}: {
  email: string;
  label: string;
  pendingLabel: string;
}) {
  const sending = usePendingSubmit({ action: RESEND_ACTIVATION_ACTION });
  return (
    <Form method="post" action={RESEND_ACTIVATION_ACTION}>
      <input type="hidden" name="email" value={email} />
      <SubmitButton className="button-secondary" pending={sending} pendingLabel={pendingLabel}>
        {label}
      </SubmitButton>
    </Form>
  );
}
