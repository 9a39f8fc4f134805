import { useTranslation } from "~/lib/i18n-lite/react";
import type { StudentState } from "~/server/families/students.server";

/**
 * A linked parent's controls for their child's student account on /profile/family (decision
 * 175): mark as a student with a birth year, consent for a child who may be under 13, turn
 * messages with other students off. Plain forms: they work without JavaScript.
 */
export function StudentControls({
  childId,
  student,
  error,
}: {
  childId: number;
  student: StudentState | null;
  /** The birth year was refused: said at the field. */
  error: boolean;
}) {
  const { t } = useTranslation("families");
  const hidden = <input type="hidden" name="childId" value={childId} />;
  if (!student) {
    return (
      <form method="post" className="student-controls">
        {hidden}
        <label>
          {t("student.birthYear")}{" "}
          <input name="birthYear" inputMode="numeric" pattern="[0-9]{4}" maxLength={4} required size={4} />
        </label>{" "}
        <button type="submit" name="intent" value="student">
          {t("student.mark")}
        </button>
        {error ? (
          <p className="field-error" role="alert">
            {t("student.birthYearInvalid")}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <div className="student-controls" data-testid={`student-${childId}`}>
      <p>{t("student.is", { year: student.birthYear })}</p>
      {student.young ? <p>{student.consented ? t("student.consented") : t("student.needsConsent")}</p> : null}
      <form method="post">
        {hidden}
        {student.young ? (
          <button type="submit" name="intent" value={student.consented ? "withdrawConsent" : "consent"}>
            {student.consented ? t("student.withdrawConsent") : t("student.giveConsent")}
          </button>
        ) : null}{" "}
        <button type="submit" name="intent" value={student.peersOff ? "peersOn" : "peersOff"}>
          {student.peersOff ? t("student.peersOn") : t("student.peersOff")}
        </button>{" "}
        <button type="submit" name="intent" value="notStudent">
          {t("student.unmark")}
        </button>
      </form>
      {student.peersOff ? <p className="hint">{t("student.peersAreOff")}</p> : null}
    </div>
  );
}
