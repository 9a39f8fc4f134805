import type { CheckedRow, RosterState, RosterStatus } from "~/lib/forms/roster";
import { useTranslation } from "~/lib/i18n-lite/react";

const STATUSES: RosterStatus[] = ["new", "member", "invited", "invalid", "duplicate"];

/** What sending the checked roster would do to each row, with the counts first. */
export function RosterPreview({ rows }: { rows: CheckedRow[] }) {
  const { t } = useTranslation("invitations");
  const counts = Object.fromEntries(
    STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length]),
  );
  return (
    <section aria-labelledby="roster-preview" className="roster-preview">
      <h3 id="roster-preview">{t("roster.previewHeading")}</h3>
      <p data-testid="roster-summary">{t("roster.summary", counts)}</p>
      <ul className="roster-rows">
        {rows.map((row) => (
          <li key={row.line} data-status={row.status}>
            <span className="hint">{t("roster.line", { line: row.line })}</span>{" "}
            <bdi className="roster-email">{row.email}</bdi>
            {row.name ? (
              <>
                {" "}
                · <bdi>{row.name}</bdi>
              </>
            ) : null}
            {row.student ? <span> · {t("roster.student", { student: row.student })}</span> : null}
            <strong className={`roster-status roster-status-${row.status}`}>{t(`roster.status.${row.status}`)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Invitation = { id: number; email: string; name: string; student: string; state: RosterState };

/** Every invitation sent by e-mail, with its state and, until it is taken up, "Send again". */
export function RosterList({ action, invitations }: { action: string; invitations: Invitation[] }) {
  const { t } = useTranslation("invitations");
  return (
    <section aria-labelledby="roster-list">
      <h3 id="roster-list">{t("roster.listHeading")}</h3>
      {invitations.length === 0 ? <p className="hint">{t("roster.none")}</p> : null}
      <ul className="roster-rows">
        {invitations.map((invitation) => (
          <li key={invitation.id} data-state={invitation.state}>
            <span className="roster-who">
              <bdi className="roster-email">{invitation.email}</bdi>
              {invitation.name ? (
                <>
                  {" "}
                  · <bdi>{invitation.name}</bdi>
                </>
              ) : null}
              {invitation.student ? <span> · {t("roster.student", { student: invitation.student })}</span> : null}
            </span>
            <strong className={`roster-status roster-state-${invitation.state}`}>
              {t(`roster.state.${invitation.state}`)}
            </strong>
            {invitation.state === "joined" ? null : (
              <form method="post" action={action} encType="multipart/form-data">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button type="submit" name="intent" value="resend">
                  {t("roster.resend")}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
