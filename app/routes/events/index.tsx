import { Link } from "react-router";
import type { AgendaItem } from "~/components/events/agenda-list";
import { agendaItem, MonthView, monthRow } from "~/components/events/month-view";
import { ZoneSync } from "~/components/events/zone-sync";
import { userContext } from "~/context";
import { type DatedItem, datedItems } from "~/lib/calendar/format";
import { addMonths, formatMonth, inMonth, monthKeys, parseMonth } from "~/lib/calendar/month";
import { localDateKey, utcToLocal } from "~/lib/calendar/time-zone";
import { dateTimeFormat } from "~/lib/date-format";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { DescriptionHandle } from "~/lib/page-description";
import events from "~/locales/en/events.json";
import { getInstance } from "~/middleware/i18next";
import { batch } from "~/server/db/batch.server";
import { calendarPart } from "~/server/events/calendar.server";
import { anyManagedCommunity } from "~/server/events/managers.server";
import { knownZone } from "~/server/users/time-zone.server";
import calendarStyles from "~/styles/calendar.css?url";
import type { Route } from "./+types/index";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

const DAY = 86_400_000;

/**
 * /calendar?month=2026-03: events of my communities and followed schools (decision 057): a
 * month grid on wide screens, an agenda list on phones; previous and next month are links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const now = Date.now();
  const fromCookie = knownZone(user, request);
  const todayLocal = utcToLocal(now, fromCookie ?? "UTC");
  const month = parseMonth(new URL(request.url).searchParams.get("month")) ?? {
    year: todayLocal.year,
    month: todayLocal.month,
  };
  const { first, next } = monthKeys(month);
  // A day either side: whatever the viewer's zone, every occurrence of the month is inside.
  const from = first - DAY;
  const to = next + DAY;
  const { all, managed } = await batch({
    all: calendarPart(user.id, from, to),
    managed: anyManagedCommunity({ userId: user.id }),
  });
  const zone = fromCookie ?? all.items[0]?.timeZone ?? "UTC";
  // Only what the grid and the agenda read, as tuples (`MonthRow`): the hydration data carries
  // each of the month's occurrences, so a field or key per date costs bytes (decisions 196, 217).
  const items = inMonth(all.items, month, zone).map(monthRow);
  const t = getInstance(context).getFixedT(null, "events");
  return {
    metaTitle: t("title"),
    month,
    zone,
    zoneKnown: fromCookie !== null,
    items,
    more: all.more,
    today: localDateKey(now, zone),
    canCreate: managed.length > 0,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "events:metaDescription" };

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("events");
  const { month, zone, zoneKnown, items, more, today, canCreate } = loaderData;
  const onClick = useLinkClicks();
  // Each date's texts once (decision 205), drawn once as grid or agenda (decision 210). The
  // loader sent the month's dates only, in order.
  const dated = datedItems(items.map(agendaItem), zone, i18n.language, (start, end) => t("overnight", { start, end }));
  const days = new Map<number, DatedItem<AgendaItem>[]>();
  for (const date of dated) {
    const list = days.get(date.day);
    if (list) list.push(date);
    else days.set(date.day, [date]);
  }
  const title = dateTimeFormat(i18n.language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(monthKeys(month).first),
  );
  return (
    // The grid's and the agenda's links are plain <a>, sent through the router from here (decision 205).
    // biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks
    <main id="main" className="calendar-page" onClick={onClick}>
      <ZoneSync zone={zone} known={zoneKnown} />
      <header className="calendar-head">
        <h1>
          {t("title")}: <span className="calendar-month">{title}</span>
        </h1>
        <nav aria-label={t("title")} className="calendar-nav">
          <Link to={`?month=${formatMonth(addMonths(month, -1))}`} rel="prev" className="button button-secondary">
            <span aria-hidden="true">‹ </span>
            {t("month.previous")}
          </Link>
          <Link to="/calendar" className="button button-secondary">
            {t("month.today")}
          </Link>
          <Link to={`?month=${formatMonth(addMonths(month, 1))}`} rel="next" className="button button-secondary">
            {t("month.next")}
            <span aria-hidden="true"> ›</span>
          </Link>
          {canCreate ? (
            <Link to="/calendar/new" className="button">
              {t("new.link")}
            </Link>
          ) : null}
        </nav>
      </header>
      {more ? <p className="hint">{t("month.firstOnly")}</p> : null}
      <MonthView month={month} days={days} today={today} label={t("month.agenda", { month: title })} />
    </main>
  );
}
