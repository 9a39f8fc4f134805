import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/**
 * The question a destructive chat post gets without JavaScript (DESIGN §1), inside the chat
 * pane: the page's <main> is the chat layout's, so this is a section, not ConfirmationPage.
 * Its form re-posts the same fields with confirmed=1; "No" goes back.
 */
export function ChatConfirm({
  question,
  fields,
  cancelTo,
}: {
  question: string;
  fields: Record<string, string>;
  cancelTo: string;
}) {
  const { t } = useTranslation("chat");
  return (
    <section className="chat-thread chat-confirm" aria-labelledby="chat-confirm-title">
      <h1 id="chat-confirm-title">{t("confirm.title")}</h1>
      <p>{question}</p>
      <Form method="post" className="confirm-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit">{t("confirm.yes")}</button>
        <Link to={cancelTo}>{t("confirm.no")}</Link>
      </Form>
    </section>
  );
}
