import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";

export const RESEND_ACTIVATION_ACTION = "/login/activate";

/**
 * "Send the activation email again" as one button: the address is already known (just
 * registered, or refused at sign-in). It posts to /login/activate, which owns the limits.
 */
export function ResendActivationForm({ email, label }: { email: string; label: string }) {
  const { t } = useTranslation("register");
  const sending = usePendingSubmit({ action: RESEND_ACTIVATION_ACTION });
  return (
    <Form method="post" action={RESEND_ACTIVATION_ACTION}>
      <input type="hidden" name="email" value={email} />
      <SubmitButton className="button-secondary" pending={sending} pendingLabel={t("sent.resending")}>
        {label}
      </SubmitButton>
    </Form>
  );
}
