import { redirect } from "react-router";
import { parseValues } from "~/lib/forms/parse";
import { studentFormSchema } from "~/lib/forms/students";
import { markStudent, setConsent, setPeersOff, unmarkStudent } from "~/server/families/students.server";
import type { Actor } from "~/server/users/session-user.server";

/** The intents of /profile/family's student forms (decision 175). */
export const STUDENT_INTENTS = {
  student: true,
  notStudent: true,
  consent: true,
  withdrawConsent: true,
  peersOff: true,
  peersOn: true,
} as const;

/**
 * One student form's post: the service checks who may (a linked parent; a class's teacher for
 * the flag). A birth year out of range answers at the field; anything refused changes nothing.
 */
export async function studentAction(actor: Actor, form: FormData) {
  const parsed = parseValues(studentFormSchema, Object.fromEntries(form));
  if (!parsed.ok) return { childId: Number(form.get("childId")), error: "families:student.birthYearInvalid" };
  const { intent, childId, birthYear } = parsed.data;
  const result = await (() => {
    switch (intent) {
      case "student":
        return markStudent(actor, childId, birthYear ?? 0);
      case "notStudent":
        return unmarkStudent(actor, childId);
      case "consent":
      case "withdrawConsent":
        return setConsent(actor, childId, intent === "consent");
      case "peersOff":
      case "peersOn":
        return setPeersOff(actor, childId, intent === "peersOff");
    }
  })();
  if (result === "invalid") return { childId, error: "families:student.birthYearInvalid" };
  return redirect("/profile/family");
}
