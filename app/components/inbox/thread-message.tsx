import type { MouseEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { LinkedText } from "~/components/content/linked-text";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { UserAvatar } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { ShownTranslation } from "~/lib/translation";
import type { MailMessage } from "~/server/inbox/inbox.server";
import { TranslationToggle } from "../translation/translation-toggle";
import { formatSize } from "./format";

/** One message of a thread (decision 063): who, when, the text, its files, and its actions. */
export function ThreadMessage({
  message,
  here,
  opened,
  canTranslate = false,
  translation = null,
  translationFailed = false,
}: {
  message: MailMessage;
  here: string;
  opened: boolean;
  canTranslate?: boolean;
  /** Its text in the reader's language, when asked (decision 150). */
  translation?: ShownTranslation | null;
  translationFailed?: boolean;
}) {
  const { t } = useTranslation("inbox");
  const { t: tc, i18n } = useTranslation();
  const { t: withCommon } = useTranslation(["inbox", "common"]);
  const navigate = useNavigate();
  const clock = useClock();
  const name = (person: { name: string }) => person.name || tc("unknownUser");
  const fields = (intent: string) => ({ intent, messageId: String(message.id) });
  const markingUnread = usePendingSubmit({ action: here, intent: "unread" });
  // With JavaScript "See translation" and "See original" swap the text in place: the router loads
  // the thread's data again, without a new document or a jump (decision 150).
  function swapText(click: MouseEvent<HTMLElement>) {
    const link = (click.target as Element).closest<HTMLAnchorElement>("a[data-translate], a[data-original]");
    if (!link || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    click.preventDefault();
    const url = new URL(link.href);
    navigate(`${url.pathname}${url.search}`, { replace: true, preventScrollReset: true });
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <article
      onClick={swapText}
      id={`message-${message.id}`}
      className={opened ? "card inbox-message inbox-opened" : "card inbox-message"}
      aria-labelledby={`message-${message.id}-subject`}
    >
      <header className="inbox-message-head">
        <UserAvatar name={message.from.name} avatar={message.from.avatar} size="small" />
        <div className="inbox-message-who">
          <h2 id={`message-${message.id}-subject`} className="inbox-message-subject">
            {message.subject}
            {message.unread ? <span className="badge inbox-new">{t("thread.new")}</span> : null}
          </h2>
          <p className="hint">
            {t("thread.from")} {message.own ? t("thread.you") : name(message.from)} · {t("thread.to")}{" "}
            {message.to.map(name).join(", ")} · <When at={message.createdAt} clock={clock} />
          </p>
        </div>
      </header>
      <LinkedText
        text={translation?.text ?? message.body}
        className="inbox-body"
        lang={translation || message.lang === i18n.language.split("-")[0] ? undefined : (message.lang ?? undefined)}
      />
      {translationFailed ? <p role="alert">{tc("translation.failed")}</p> : null}
      <TranslationToggle
        t={withCommon}
        readerLocale={i18n.language}
        itemKey={`mail-${message.id}`}
        itemLang={message.lang}
        enabled={canTranslate}
        translation={translation}
        page={`${here}?translate=mail-${message.id}#message-${message.id}`}
        original={`${here}#message-${message.id}`}
      />
      {message.attachments.length > 0 ? (
        <section aria-label={t("thread.attachments")}>
          <ul className="inbox-attachments">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a href={`/messagesold/${message.id}/attachments/${file.id}`} download={file.filename}>
                  {file.filename}
                </a>{" "}
                <span className="hint">{formatSize(file.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="inbox-actions">
        <Link to={`/messagesold/compose/${message.id}`} className="button button-secondary">
          {t("thread.reply")}
        </Link>
        {message.own ? null : (
          <Form method="post" action={here}>
            <input type="hidden" name="intent" value="unread" />
            <input type="hidden" name="messageId" value={message.id} />
            <SubmitButton className="button-secondary" pending={markingUnread}>
              {t("thread.markUnread")}
            </SubmitButton>
          </Form>
        )}
        {message.own ? null : (
          <Link
            to={`/report?type=mail&id=${message.id}&back=${encodeURIComponent(here)}`}
            className="button button-secondary"
          >
            {t("thread.report")}
          </Link>
        )}
        <ConfirmForm
          action={here}
          fields={fields("delete")}
          question={t("thread.confirmDelete")}
          confirmLabel={t("thread.yes")}
          cancelLabel={t("thread.no")}
          buttonClassName="button-secondary"
        >
          {t("thread.delete")}
        </ConfirmForm>
      </div>
    </article>
  );
}
