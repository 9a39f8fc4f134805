import { data, redirect } from "react-router";
import { parseValues } from "~/lib/forms/parse";
import { studentFormSchema } from "~/lib/forms/students";
import { getManageMembers } from "~/server/communities/manage-pages.server";
import { markStudent, unmarkStudent } from "~/server/families/students.server";
import { flashToast } from "~/server/session/session.server";
import type { Actor } from "~/server/users/session-user.server";
import { requireAccess } from "./access.server";

/**
 * The manage members page's student forms (decision 185): a class's teacher marks a member as a
 * student with a birth year, or undoes their own marking. The service decides who may (a manager
 * of a community the member is active in; only the parent or the teacher who marked it changes a
 * marking, decision 241); a wrong birth year is said at the field.
 */
export async function studentAction(
  request: Request,
  actor: Actor,
  communityId: number,
  fields: Record<string, string>,
) {
  const parsed = parseValues(studentFormSchema, fields);
  if (!parsed.ok) {
    // Only the birth year is typed: anything else wrong is a tampered post.
    const childId = Number(fields.childId);
    if (!Number.isSafeInteger(childId) || childId <= 0) throw data(null, { status: 400 });
    return data({ studentError: childId }, { status: 400 });
  }
  const { intent, childId, birthYear } = parsed.data;
  const result =
    intent === "student" ? await markStudent(actor, childId, birthYear ?? 0) : await unmarkStudent(actor, childId);
  if (result === "invalid") return data({ studentError: childId }, { status: 400 });
  // Refused: someone who does not manage this community gets its 403/404, as every manage post does.
  if (result !== "ok") requireAccess(await getManageMembers(actor.id, communityId));
  const here = `/communities/${communityId}/manage/members`;
  return redirect(here, {
    headers: await flashToast(request, {
      kind: result === "ok" ? "success" : "warning",
      key: result === "ok" ? "communities:manage.toasts.done" : "communities:manage.toasts.studentRefused",
    }),
  });
}
