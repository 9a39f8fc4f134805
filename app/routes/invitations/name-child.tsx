import { Link, redirect } from "react-router";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { shortName } from "~/server/families/family.server";
import { getChildChoice, nameChild } from "~/server/invitations/roster-children.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/name-child";
import { communityIdOf, invitationStyles } from "./manage-page";

registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = invitationStyles;

/**
 * /communities/{id}/child: after joining a class with its code, a parent names their child among
 * the roster's students (decision 174). A class without roster students goes straight on.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const choice = await getChildChoice(context.get(userContext)!.id, id);
  if (!choice || choice.students.length === 0) throw redirect(`/communities/${id}`);
  const named = new Set(choice.mine.map((one) => one.student));
  return {
    community: choice.community,
    // First name and initial only: what a parent needs to find their child, no more.
    students: choice.students
      .filter((student) => !named.has(student))
      .map((student) => ({ student, label: shortName(student) })),
    mine: choice.mine.map((one) => ({ label: shortName(one.student), state: one.state })),
    metaTitle: getInstance(context).t("invitations:child.title", { name: choice.community.name }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = communityIdOf(params);
  const student = String((await readFormData(request)).get("student") ?? "").slice(0, 100);
  const named = student !== "" && (await nameChild(context.get(userContext)!, id, student));
  return redirect(named ? `/communities/${id}` : `/communities/${id}/child`, {
    headers: named ? await flashToast(request, { kind: "success", key: "invitations:child.asked" }) : undefined,
  });
}

export default function NameChild({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("invitations");
  const { community, students, mine } = loaderData;
  return (
    <main id="main">
      <h1>{t("child.title", { name: community.name })}</h1>
      {mine.length > 0 ? (
        <ul>
          {mine.map((one) => (
            <li key={one.label}>{t(`child.${one.state}`, { student: one.label })}</li>
          ))}
        </ul>
      ) : null}
      {students.length > 0 ? (
        <form method="post" className="stack">
          <fieldset>
            <legend>{t("child.text")}</legend>
            {students.map(({ student, label }) => (
              <label key={student} className="field-checkbox">
                <input type="radio" name="student" value={student} required /> <bdi>{label}</bdi>
              </label>
            ))}
          </fieldset>
          <p className="roster-actions">
            <button type="submit">{t("child.submit")}</button>
            <Link to={`/communities/${community.id}`}>{t("child.skip")}</Link>
          </p>
        </form>
      ) : (
        <p>
          <Link to={`/communities/${community.id}`}>{t("child.skip")}</Link>
        </p>
      )}
    </main>
  );
}
