import { dayOf } from "~/lib/calendar/format";
import { type Month, monthKeys } from "~/lib/calendar/month";
import { useTranslation } from "~/lib/i18n-lite/react";
import { type AgendaItem, AgendaList } from "./agenda-list";

/**
 * The phone's agenda of a month (decisions 057, 124). In the month that holds today it starts
 * today: a "Today" marker first, then what is next; the month's earlier days wait, folded, in
 * an "Earlier this month" <details> above (it opens without JavaScript too). Other months show
 * whole.
 */
export function MonthAgenda({
  items,
  month,
  zone,
  today,
  label,
}: {
  items: AgendaItem[];
  month: Month;
  zone: string;
  /** Today's UTC-midnight key in the viewer's zone. */
  today: number;
  label: string;
}) {
  const { t, i18n } = useTranslation("events");
  const { first, next } = monthKeys(month);
  if (today < first || today >= next) return <AgendaList items={items} zone={zone} label={label} />;
  const days = items.map((item) => dayOf(item, zone));
  const earlier = items.filter((_, index) => days[index]! < today);
  const upcoming = items.filter((_, index) => days[index]! >= today);
  const todayText = new Intl.DateTimeFormat(i18n.language, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(today);
  return (
    <>
      {earlier.length > 0 ? (
        <details className="agenda-earlier">
          <summary>{t("month.earlier", { count: earlier.length })}</summary>
          <AgendaList items={earlier} zone={zone} label={t("month.earlierLabel")} />
        </details>
      ) : null}
      <h2 className="agenda-today" id="today">
        <span className="agenda-today-badge">{t("month.todayMarker")}</span> {todayText}
      </h2>
      {upcoming.length > 0 ? (
        <AgendaList items={upcoming} zone={zone} label={label} />
      ) : (
        <p className="hint">{t("month.nothingLater")}</p>
      )}
    </>
  );
}
