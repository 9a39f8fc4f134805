import type { DatedItem } from "~/lib/calendar/format";
import { type Month, monthKeys } from "~/lib/calendar/month";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";
import { type AgendaItem, AgendaList } from "./agenda-list";

/**
 * The phone's agenda of a month (decisions 057, 124). In the month that holds today it starts
 * today: a "Today" marker first, then what is next; the month's earlier days wait, folded, in
 * an "Earlier this month" <details> above (it opens without JavaScript too). Other months show
 * whole. `dated`: the month's dates with their texts (`datedItems`, shared with the grid).
 */
export function MonthAgenda({
  dated,
  month,
  today,
  label,
}: {
  dated: DatedItem<AgendaItem>[];
  month: Month;
  /** Today's UTC-midnight key in the viewer's zone. */
  today: number;
  label: string;
}) {
  const { t, i18n } = useTranslation("events");
  const { first, next } = monthKeys(month);
  if (today < first || today >= next) return <AgendaList dated={dated} label={label} />;
  const earlier = dated.filter((date) => date.day < today);
  const upcoming = dated.filter((date) => date.day >= today);
  const todayText = dateTimeFormat(i18n.language, {
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
          <AgendaList dated={earlier} label={t("month.earlierLabel")} />
        </details>
      ) : null}
      <h2 className="agenda-today" id="today">
        <span className="agenda-today-badge">{t("month.todayMarker")}</span> {todayText}
      </h2>
      {upcoming.length > 0 ? (
        <AgendaList dated={upcoming} label={label} />
      ) : (
        <p className="hint">{t("month.nothingLater")}</p>
      )}
    </>
  );
}
