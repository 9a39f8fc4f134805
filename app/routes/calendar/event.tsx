import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { RsvpForm } from "~/components/events/rsvp-form";
import { ZoneSync } from "~/components/events/zone-sync";
import { userContext } from "~/context";
import { longWhen } from "~/lib/calendar/format";
import { rsvpSchema } from "~/lib/forms/events";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { parseId } from "~/lib/forms/schools";
import { registerNamespace } from "~/lib/i18n-client";
import events from "~/locales/en/events.json";
import { signInRedirect } from "~/routes/login/web-session.server";
import { getEventPage } from "~/server/events/event-page.server";
import { notifyPromoted } from "~/server/events/notify.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { flashToast } from "~/server/session/session.server";
import calendarStyles from "~/styles/calendar.css?url";
import type { Route } from "./+types/event";
import { notifyContext } from "./notify-context.server";
import { cookieZone } from "./viewer-zone.server";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

/** /calendar/events/{id}: when and where, the next dates, answers, and the managers' links. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const id = parseId(params.id);
  const page = id === null ? null : await getEventPage(id, user.id);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  const fromCookie = cookieZone(request);
  return { ...page, zone: fromCookie ?? page.event.timeZone, zoneKnown: fromCookie !== null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const parsed = parseForm(rsvpSchema, await readFormData(request));
  if (!parsed.ok) throw data(null, { status: 400 });
  const result = await answerEvent(user, id, parsed.data.answer);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (!result.ok && result.reason === "revoked") return signInRedirect(new URL(request.url));
  if (!result.ok) {
    return redirect(`/calendar/events/${id}`, {
      headers: await flashToast(request, { kind: "warning", key: "events:rsvp.membersOnly" }),
    });
  }
  await notifyPromoted(id, result.promoted, notifyContext(request, context));
  const key = result.status === "waiting" ? "events:rsvp.waitlisted" : "events:rsvp.saved";
  return redirect(`/calendar/events/${id}`, {
    headers: await flashToast(request, { kind: result.status === "waiting" ? "info" : "success", key }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.event.title }];

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("events");
  const { t: tc } = useTranslation();
  const { event, community, canManage, isMember, counts, going, myAnswer, next, zone, zoneKnown } = loaderData;
  const first = next[0] ?? { startsAt: event.startsAt, endsAt: event.endsAt };
  const when = longWhen({ ...first, allDay: event.allDay }, zone, i18n.language);
  const cancelled = event.cancelledAt !== null;
  const full = event.capacity !== null && counts.going >= event.capacity;
  const untilText =
    event.recurrenceUntil === null
      ? ""
      : ` ${t("event.repeatsUntil", {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
            event.recurrenceUntil,
          ),
        })}`;
  return (
    <main id="main" className="event-page">
      <ZoneSync zone={zone} known={zoneKnown} />
      <p>
        <Link to="/calendar">{t("title")}</Link>
      </p>
      <article className="card event-card">
        <h1>{event.title}</h1>
        {cancelled ? <p className="event-cancelled">{t("event.cancelled")}</p> : null}
        <dl className="event-meta">
          <dt>{t("event.when")}</dt>
          <dd>
            {when}
            {event.recurrence !== "none" ? (
              <>
                <br />
                {event.recurrence === "weekly" ? t("event.repeatsWeekly") : t("event.repeatsMonthly")}
                {untilText}
              </>
            ) : null}
          </dd>
          {event.location ? (
            <>
              <dt>{t("event.where")}</dt>
              <dd>{event.location}</dd>
            </>
          ) : null}
          {community ? (
            <>
              <dt>{t("event.in")}</dt>
              <dd>
                <span className={`category-label category-${community.category}`}>
                  {tc(`categories.${community.category}`)}
                </span>{" "}
                <Link to={`/communities/${community.id}`}>{community.name}</Link>
              </dd>
            </>
          ) : null}
        </dl>
        {event.description ? <p className="event-description">{event.description}</p> : null}
        {!cancelled ? (
          <p className="event-actions">
            <a href={`/calendar/events/${event.id}/ics`} download className="button button-secondary">
              {t("event.download")}
            </a>
            {canManage ? (
              <Link to={`/calendar/events/${event.id}/edit`} className="button button-secondary">
                {t("edit.link")}
              </Link>
            ) : null}
          </p>
        ) : null}
      </article>
      {!cancelled ? (
        <section aria-labelledby="rsvp-heading" className="card">
          <h2 id="rsvp-heading">{t("rsvp.title")}</h2>
          <p>{t("rsvp.counts", { going: counts.going, maybe: counts.maybe, notGoing: counts.not_going })}</p>
          {event.capacity !== null ? (
            <p>
              {t("rsvp.capacity", { going: counts.going, capacity: event.capacity })}
              {full ? ` ${t("rsvp.full")}` : ""}
              {counts.waiting > 0 ? ` · ${t("rsvp.waitingCount", { count: counts.waiting })}` : ""}
            </p>
          ) : null}
          {myAnswer ? <p className="hint">{t("rsvp.yours", { answer: t(`rsvp.${myAnswer}`) })}</p> : null}
          {isMember ? (
            <RsvpForm eventId={event.id} answer={myAnswer} full={full} />
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
      ) : null}
      {event.recurrence !== "none" && !cancelled ? (
        <section aria-labelledby="next-dates">
          <h2 id="next-dates">{t("event.next")}</h2>
          <ul className="occurrence-list">
            {next.map((occurrence) => (
              <li key={occurrence.occurrenceStart}>
                {longWhen({ ...occurrence, allDay: event.allDay }, zone, i18n.language)}
                {occurrence.moved ? ` (${t("event.moved")})` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
