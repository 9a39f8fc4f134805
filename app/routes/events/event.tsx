import { type MouseEvent, useCallback } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { DateList } from "~/components/events/date-list";
import { RsvpSection } from "~/components/events/rsvp-section";
import { ZoneSync } from "~/components/events/zone-sync";
import { TranslationToggle } from "~/components/translation/translation-toggle";
import { userContext } from "~/context";
import { longWhen } from "~/lib/calendar/format";
import { eventHref } from "~/lib/calendar/links";
import { parseOccurrence, rsvpSchema } from "~/lib/forms/events";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Toast } from "~/lib/toast";
import events from "~/locales/en/events.json";
import { getLocale } from "~/middleware/i18next";
import { getPublicConfig } from "~/server/config.server";
import { getEventPage } from "~/server/events/event-page.server";
import { answerEvent } from "~/server/events/rsvp.server";
import { flashToast } from "~/server/session/session.server";
import { knownZone } from "~/server/users/time-zone.server";
import calendarStyles from "~/styles/calendar.css?url";
import type { Route } from "./+types/event";
import { eventIdOf, strictForm } from "./event-request.server";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

/**
 * /calendar/events/{id}?on={original start}: when and where, the answers for that date (else
 * the next one: decision 058), the next dates, and the managers' links.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const search = new URL(request.url).searchParams;
  const on = parseOccurrence(search.get("on"));
  // "See translation" (decision 150): `?translate=description` shows it in the reader's language.
  const translateTo = search.get("translate") === "description" ? getLocale(context) : null;
  const page = await getEventPage(eventIdOf(params), user.id, { on, translateTo });
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  const known = knownZone(user, request);
  const { translation, ...rest } = page;
  return {
    ...rest,
    zone: known ?? page.event.timeZone,
    zoneKnown: known !== null,
    translation: translation?.status === "translated" ? translation.translation : null,
    translationFailed: translation?.status === "failed",
    canTranslate: getPublicConfig().translation,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const id = eventIdOf(params);
  const { answer, occurrence } = await strictForm(rsvpSchema, request);
  const result = await answerEvent(user, id, occurrence, answer);
  if (!result.ok && result.reason === "not_an_occurrence") throw data(null, { status: 400 });
  // Without JavaScript the page loads again: back at its answers, not at its top (decision 124).
  const navigated = (request.headers.get("Sec-Fetch-Mode") ?? "navigate") === "navigate";
  const back = (toast: Toast) =>
    flashToast(request, toast).then((headers) =>
      redirect(`${eventHref(id, occurrence)}${navigated ? "#rsvp" : ""}`, { headers }),
    );
  if (!result.ok) return back({ kind: "warning", key: "events:rsvp.refused" });
  if (result.status === "waiting") return back({ kind: "info", key: "events:rsvp.waitlisted" });
  return back({ kind: "success", key: "events:rsvp.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.event.title }];

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("events");
  const { t: tc } = useTranslation();
  const { t: withCommon } = useTranslation(["events", "common"]);
  const { event, community, canManage, isMember, occurrence, counts, going, myAnswer, next, zone, zoneKnown } =
    loaderData;
  const { translation, translationFailed, canTranslate } = loaderData;
  const here = eventHref(event.id, occurrence?.occurrenceStart ?? null);
  const withTranslate = `${here}${here.includes("?") ? "&" : "?"}translate=description`;
  const navigate = useNavigate();
  // With JavaScript, "See translation" and "See original" swap the text in place: the router
  // loads the page's data again, without a new document or a jump (decision 150).
  const swapText = useCallback(
    (click: MouseEvent<HTMLElement>) => {
      const link = (click.target as Element).closest<HTMLAnchorElement>("a[data-translate], a[data-original]");
      if (!link || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
      click.preventDefault();
      const url = new URL(link.href);
      navigate(`${url.pathname}${url.search}`, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
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
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks */}
      <article className="card event-card" onClick={swapText}>
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
        {event.description ? (
          <>
            <p
              id="description"
              className="event-description"
              lang={translation ? undefined : (event.lang ?? undefined)}
            >
              {translation?.text ?? event.description}
            </p>
            {translationFailed ? <p role="alert">{tc("translation.failed")}</p> : null}
            <TranslationToggle
              t={withCommon}
              readerLocale={i18n.language}
              itemKey="description"
              itemLang={event.lang}
              enabled={canTranslate}
              translation={translation}
              page={`${withTranslate}#description`}
              original={`${here}#description`}
            />
          </>
        ) : null}
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
