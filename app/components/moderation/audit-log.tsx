import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { LogEntry } from "~/server/moderation/community-queue.server";
import { kindKey } from "./kind";

/**
 * The audit log (decisions 161, 186): read-only, for the community's owners; the operators'
 * page shows every entry, each with the community it was in (`communityName`).
 */
export function AuditLog({
  name,
  entries,
  owns,
  lead,
}: {
  name: string;
  entries: (LogEntry & { communityName?: string | null })[];
  owns: boolean;
  lead?: string;
}) {
  const { t } = useTranslation("moderation");
  const clock = useClock();
  return (
    <section aria-labelledby="audit-log" className="moderation-log">
      <h2 id="audit-log">{t("log.title")}</h2>
      {owns ? (
        <>
          <p>{lead ?? t("log.lead", { name })}</p>
          {entries.length === 0 ? <p className="hint">{t("log.empty")}</p> : null}
          <ol className="moderation-log-list">
            {entries.map((entry) => (
              <li key={entry.id} className="card" data-log-action={entry.action}>
                <p>
                  <strong>
                    {t("log.entry", {
                      actor: entry.actorName ?? "—",
                      action: t(`actions.${entry.action as "dismiss"}`),
                      what: t(kindKey(entry.targetType)),
                      id: entry.targetId,
                    })}
                  </strong>{" "}
                  <When at={entry.createdAt} clock={clock} />
                </p>
                <blockquote>{entry.excerpt}</blockquote>
                {entry.subjectName ? <p className="hint">{t("log.subject", { name: entry.subjectName })}</p> : null}
                {entry.communityName ? (
                  <p className="hint">{t("log.community", { name: entry.communityName })}</p>
                ) : null}
                {entry.note ? <p>{t("log.note", { note: entry.note })}</p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="hint">{t("log.ownersOnly")}</p>
      )}
    </section>
  );
}
