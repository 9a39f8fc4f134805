import { useFetcher } from "react-router";
import { eventHref } from "~/lib/calendar/links";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { RsvpStatus } from "~/server/events/rsvp.server";

const ANSWERS = ["going", "maybe", "not_going"] as const;

/**
 * Going / maybe / not going for one date: three submit buttons of one form, the date's original
 * start in a hidden field (decision 058). With JavaScript the pressed answer shows at once; a
 * full date offers the waiting list instead of "Going".
 */
export function RsvpForm({
  eventId,
  occurrenceStart,
  answer,
  full,
}: {
  eventId: number;
  occurrenceStart: number;
  answer: RsvpStatus | null;
  full: boolean;
}) {
  const { t } = useTranslation("events");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("answer");
  const shown = typeof pending === "string" ? pending : answer;
  return (
    <fetcher.Form
      method="post"
      action={eventHref(eventId, occurrenceStart)}
      className="rsvp-form"
      aria-label={t("rsvp.title")}
      // The answer comes back as a redirect to this page: the reader stays where they tapped,
      // not at the top under the notice (decision 124).
      preventScrollReset
    >
      <input type="hidden" name="occurrence" value={occurrenceStart} />
      {ANSWERS.map((value) => {
        const label = value === "going" && full && answer !== "going" ? t("rsvp.joinWaitlist") : t(`rsvp.${value}`);
        const pressed = shown === value || (value === "going" && shown === "waiting");
        return (
          <button
            key={value}
            type="submit"
            name="answer"
            value={value}
            aria-pressed={pressed}
            className={pressed ? undefined : "button-secondary"}
          >
            {label}
          </button>
        );
      })}
    </fetcher.Form>
  );
}
