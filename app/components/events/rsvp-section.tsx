import { Link } from "react-router";
import { longWhen } from "~/lib/calendar/format";
import type { Occurrence } from "~/lib/calendar/recurrence";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Tally } from "~/server/events/event-page.server";
import type { RsvpStatus } from "~/server/events/rsvp.server";
import { RsvpForm } from "./rsvp-form";

/**
 * Answers for one date of an event (decision 058): the counts, the places left, the viewer's
 * answer and the form, and who is going. A repeating event names the date it is about.
 */
export function RsvpSection({
  event,
  occurrence,
  counts,
  going,
  myAnswer,
  isMember,
  zone,
}: {
  event: { id: number; allDay: boolean; capacity: number | null; recurrence: string };
  occurrence: Occurrence;
  counts: Tally;
  going: { id: number; name: string }[];
  myAnswer: RsvpStatus | null;
  isMember: boolean;
  zone: string;
}) {
  const { t, i18n } = useTranslation("events");
  const full = event.capacity !== null && counts.going >= event.capacity;
  return (
    <section aria-labelledby="rsvp-heading" className="card" id="rsvp">
      <h2 id="rsvp-heading">{t("rsvp.title")}</h2>
      {event.recurrence !== "none" ? (
        <p className="rsvp-date">
          {t("rsvp.forDate", { date: longWhen({ ...occurrence, allDay: event.allDay }, zone, i18n.language) })}
        </p>
      ) : null}
      <p>{t("rsvp.counts", { going: counts.going, maybe: counts.maybe, notGoing: counts.not_going })}</p>
      {event.capacity !== null ? (
        <p>
          {t("rsvp.capacity", { going: counts.going, capacity: event.capacity })}
          {full ? ` ${t("rsvp.full")}` : ""}
          {counts.waiting > 0 ? ` · ${t("rsvp.waitingCount", { count: counts.waiting })}` : ""}
        </p>
      ) : null}
      {myAnswer ? <p className="hint rsvp-yours">{t("rsvp.yours", { answer: t(`rsvp.${myAnswer}`) })}</p> : null}
      {isMember ? (
        <RsvpForm eventId={event.id} occurrenceStart={occurrence.occurrenceStart} answer={myAnswer} full={full} />
      ) : (
        <p className="hint">{t("rsvp.membersOnly")}</p>
      )}
      {going.length > 0 ? (
        <>
          <h3>{t("rsvp.whoIsGoing")}</h3>
          <ul className="going-list">
            {going.map((person) => (
              <li key={person.id}>
                <Link to={`/users/${person.id}`}>{person.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
