import { useClock } from "~/lib/clock";
import { dateTimeFormat } from "~/lib/date-format";
import { useTranslation } from "~/lib/i18n-lite/react";

type ShownExport = {
  id: string;
  status: "pending" | "ready" | "failed" | "expired";
  createdAt: number;
  expiresAt: number;
};

/** Settings: "Download my data" (decision 162): the request form and the recent exports. */
export function ExportSection({ exports }: { exports: ShownExport[] }) {
  const { t, i18n } = useTranslation("settings");
  const clock = useClock();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: clock.zone });
  return (
    <section id="settings-export" aria-labelledby="settings-export-heading" className="settings-section">
      <h2 id="settings-export-heading">{t("export.title")}</h2>
      <p>{t("export.lead")}</p>
      <form method="post" action="/profile/export" className="settings-actions">
        <button type="submit">{t("export.button")}</button>
      </form>
      {exports.length > 0 ? (
        <ul className="export-list">
          {exports.map((item) => (
            <li key={item.id} data-export-status={item.status}>
              <span className="hint">{t("export.requestedAt", { date: date.format(item.createdAt) })}</span>{" "}
              {item.status === "ready" ? (
                <a href={`/profile/export/${item.id}`} download>
                  {t("export.ready", { date: date.format(item.expiresAt) })}
                </a>
              ) : (
                <span>{t(`export.${item.status}`)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
