import { Form } from "react-router";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { CommunityStudent } from "~/server/families/students.server";

/**
 * A class's teacher says whether a member's account is a student's, on the manage members page
 * (issue 26 item 1, decision 185): a birth year and "Mark as a student", or the student's year,
 * with "Not a student" when this teacher marked it (a parent's marking is theirs to undo,
 * decision 241). Plain forms: they work without JavaScript.
 */
export function MemberStudent({
  action,
  userId,
  student,
  error,
}: {
  action: string;
  userId: number;
  student: CommunityStudent | undefined;
  /** The birth year was refused: said at the field. */
  error: boolean;
}) {
  const { t } = useTranslation("communities");
  const hidden = <input type="hidden" name="childId" value={userId} />;
  // With JavaScript the button says it is saving while its form is sent (decision 194).
  const pending = usePendingSubmit({ action, values: { childId: String(userId) } });
  const saving = t("manage.saving");
  if (student) {
    return (
      <>
        <span className="member-student" data-testid={`member-student-${userId}`}>
          {t("manage.student.is", { year: student.birthYear })}
          {student.young && !student.consented ? ` · ${t("manage.student.needsConsent")}` : null}
        </span>
        {student.markedByViewer ? (
          <Form method="post" action={action}>
            {hidden}
            <SubmitButton
              name="intent"
              value="notStudent"
              className="button-secondary"
              pending={pending}
              pendingLabel={saving}
            >
              {t("manage.student.unmark")}
            </SubmitButton>
          </Form>
        ) : null}
      </>
    );
  }
  const errorId = `student-year-error-${userId}`;
  return (
    <Form method="post" action={action} className="member-student-form">
      {hidden}
      <label>
        {t("manage.student.birthYear")}{" "}
        <input
          name="birthYear"
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          size={4}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>{" "}
      <SubmitButton name="intent" value="student" className="button-secondary" pending={pending} pendingLabel={saving}>
        {t("manage.student.mark")}
      </SubmitButton>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {t("manage.student.birthYearInvalid")}
        </p>
      ) : null}
    </Form>
  );
}
