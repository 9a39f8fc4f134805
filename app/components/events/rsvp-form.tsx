import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { RsvpStatus } from "~/server/events/rsvp.server";

const ANSWERS = ["going", "maybe", "not_going"] as const;

/**
 * Going / maybe / not going: three submit buttons of one form. With JavaScript the pressed
 * answer shows at once; a full event offers the waiting list instead of "Going" (decision 058).
 */
export function RsvpForm({ eventId, answer, full }: { eventId: number; answer: RsvpStatus | null; full: boolean }) {
  const { t } = useTranslation("events");
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("answer");
  const shown = typeof pending === "string" ? pending : answer;
  return (
    <fetcher.Form
      method="post"
      action={`/calendar/events/${eventId}`}
      className="rsvp-form"
      aria-label={t("rsvp.title")}
    >
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
