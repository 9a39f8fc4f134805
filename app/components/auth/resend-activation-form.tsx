import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";

export const RESEND_ACTIVATION_ACTION = "/login/activate";

/**
 * "Send the activation email again" as one button: the address is already known (just
 * registered, or refused at sign-in). It posts to /login/activate, which owns the limits.
 */
export function ResendActivationForm({ email, label }: { email: string; label: string }) {
  const { t } = useTranslation("register");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === RESEND_ACTIVATION_ACTION;
  return (
    <Form method="post" action={RESEND_ACTIVATION_ACTION}>
      <input type="hidden" name="email" value={email} />
      <button type="submit" className="button-secondary" disabled={sending}>
        {sending ? t("sent.resending") : label}
      </button>
    </Form>
  );
}
