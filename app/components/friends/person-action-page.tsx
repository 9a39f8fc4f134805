import { Link } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { FormError } from "~/components/form/field";
import { useTranslation } from "~/lib/i18n-lite/react";

export type PersonActionQuestion = { intent: string; question: string; confirmLabel: string; returnTo: string };

/**
 * The page a friend or block form lands on without JavaScript when it needs an answer first
 * (the question, yes or no) or was tampered with (its error and a way back to the profile).
 */
export function PersonActionPage({
  userId,
  confirm,
  formError,
}: {
  userId: string;
  confirm?: PersonActionQuestion;
  formError?: string;
}) {
  const { t } = useTranslation("friends");
  if (confirm) {
    return (
      <ConfirmationPage
        title={t("confirm.title")}
        question={confirm.question}
        fields={{ intent: confirm.intent, returnTo: confirm.returnTo }}
        confirmLabel={confirm.confirmLabel}
        cancelLabel={t("confirm.no")}
        cancelTo={confirm.returnTo}
      />
    );
  }
  return (
    <main id="main" className="confirm-page">
      <title>{t("confirm.title")}</title>
      <h1>{t("confirm.title")}</h1>
      <FormError error={formError} />
      <p>
        <Link to={`/users/${userId}`}>{t("controls.viewProfile")}</Link>
      </p>
    </main>
  );
}
