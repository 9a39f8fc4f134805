import { Form } from "react-router";
import { CalendarConfirm } from "~/components/events/calendar-confirm";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import events from "~/locales/en/events.json";

registerNamespace("events", events);

/**
 * Settings: the private calendar address (decision 059). Both forms post to /calendar/feed;
 * the new address shows once on the page that answers.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation("events");
  return (
    <section id="calendar-feed" aria-labelledby="calendar-feed-heading" className="settings-section">
      <h2 id="calendar-feed-heading">{t("feed.title")}</h2>
      <p>{t("feed.lead")}</p>
      <Form method="post" action="/calendar/feed" className="stack">
        <input type="hidden" name="intent" value="regenerate" />
        <p className="hint">{t("feed.regenerateHint")}</p>
        <div className="settings-actions">
          <button type="submit" className="button-secondary">
            {t("feed.regenerate")}
          </button>
        </div>
      </Form>
      <CalendarConfirm
        action="/calendar/feed"
        fields={{ intent: "revoke" }}
        question={t("feed.revokeQuestion")}
        secondary
        className="settings-actions"
      >
        {t("feed.revoke")}
      </CalendarConfirm>
    </section>
  );
}
