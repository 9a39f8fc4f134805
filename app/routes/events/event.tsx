import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { DateList } from "~/components/events/date-list";
import { RsvpSection } from "~/components/events/rsvp-section";
import { ZoneSync } from "~/components/events/zone-sync";
import { userContext } from "~/context";
import { longWhen } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { parseOccurrence, rsvpSchema } from "~/lib/forms/events";
import { registerNamespace } from "~/lib/i18n-client";
import type { Toast } from "~/lib/toast";
import events from "~/locales/en/events.json";
import { notifyPromoted } from "~/server/events/event-notifications.server";
import { getEventPage } from "~/server/events/event-page.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import calendarStyles from "~/styles/calendar.css?url";
import { cookieZone } from "../../server/events/viewer-zone.server";
import type { Route } from "./+types/event";
import { eventIdOf, strictForm } from "./event-request.server";
import { notifyContext } from "./notify-context.server";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

/**
 * /calendar/events/{id}?on={original start}: when and where, the answers for that date (else
 * the next one: decision 058), the next dates, and the managers' links.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const on = parseOccurrence(new URL(request.url).searchParams.get("on"));
  const page = await getEventPage(eventIdOf(params), user.id, { on });
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  const fromCookie = cookieZone(request);
  return { ...page, zone: fromCookie ?? page.event.timeZone, zoneKnown: fromCookie !== null };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const id = eventIdOf(params);
  const { answer, occurrence } = await strictForm(rsvpSchema, request);
  const result = await answerEvent(user, id, occurrence, answer);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (!result.ok && result.reason === "revoked") return signInRedirect(url);
  if (!result.ok && result.reason === "not_an_occurrence") throw data(null, { status: 400 });
  const back = (toast: Toast) =>
    flashToast(request, toast).then((headers) => redirect(eventHref(id, occurrence), { headers }));
  if (!result.ok) return back({ kind: "warning", key: "events:rsvp.refused" });
  notifyPromoted(id, result.promoted, notifyContext(request, context));
  if (result.status === "waiting") return back({ kind: "info", key: "events:rsvp.waitlisted" });
  return back({ kind: "success", key: "events:rsvp.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.event.title }];

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("events");
  const { t: tc } = useTranslation();
  const { event, community, canManage, isMember, occurrence, counts, going, myAnswer, next, zone, zoneKnown } =
    loaderData;
  const shown = occurrence ?? { startsAt: event.startsAt, endsAt: event.endsAt };
  const when = longWhen({ ...shown, allDay: event.allDay }, zone, i18n.language);
  const cancelled = event.cancelledAt !== null;
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
            {occurrence?.moved ? ` (${t("event.moved")})` : ""}
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
      {!cancelled && occurrence ? (
        <RsvpSection
          event={event}
          occurrence={occurrence}
          counts={counts}
          going={going}
          myAnswer={myAnswer}
          isMember={isMember}
          zone={zone}
        />
      ) : null}
      {!cancelled && !occurrence ? <p className="hint">{t("event.noMoreDates")}</p> : null}
      {event.recurrence !== "none" && !cancelled && next.length > 0 ? (
        <section aria-labelledby="next-dates">
          <h2 id="next-dates">{t("event.next")}</h2>
          <DateList
            eventId={event.id}
            allDay={event.allDay}
            dates={next}
            current={occurrence?.occurrenceStart ?? null}
            zone={zone}
          />
        </section>
      ) : null}
    </main>
  );
}
