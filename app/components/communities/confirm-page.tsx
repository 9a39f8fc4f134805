import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * The confirmation page a destructive form gets without JavaScript (DESIGN §1): the question
 * and a form that re-posts the same fields with confirmed=1.
 */
export function ConfirmPage({
  question,
  fields,
  back,
}: {
  question: string;
  fields: Record<string, string>;
  back: string;
}) {
  const { t } = useTranslation("communities");
  return (
    <main id="main" className="confirm-page">
      <h1>{t("actions.confirmTitle")}</h1>
      <p>{question}</p>
      <form method="post" className="confirm-actions">
        {Object.entries(fields)
          .filter(([name]) => name !== "confirmed")
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit">{t("actions.yes")}</button>
        <Link to={back}>{t("actions.no")}</Link>
      </form>
    </main>
  );
}
