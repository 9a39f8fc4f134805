import { data, redirect } from "react-router";
import { ManageNav } from "~/components/communities/manage-nav";
import { userContext } from "~/context";
import { parseId } from "~/lib/forms/communities";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import invitations from "~/locales/en/invitations.json";
import { answerFamilyLink } from "~/server/families/family.server";
import { answerRosterParent, getFamilyRequests } from "~/server/invitations/roster-children.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/manage-families";
import { communityIdOf, invitationStyles } from "./manage-page";

registerNamespace("communities", communities);
registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = invitationStyles;

/** /communities/{id}/manage/families: a teacher confirms who is whose parent (decisions 158, 174). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await getFamilyRequests(context.get(userContext)!.id, communityIdOf(params));
  if (page.status === "not_found") throw data(null, { status: 404, statusText: "Not Found" });
  if (page.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  return { community: { id: page.community.id, name: page.community.name }, claims: page.claims, links: page.links };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.community.name ?? ""} — SchoolHub` },
];

/** POST: confirm or decline a roster naming (student) or a link to a child's account (childId). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = communityIdOf(params);
  const form = await readFormData(request);
  const actor = context.get(userContext)!;
  const confirm = form.get("intent") === "confirm";
  const parentId = parseId(String(form.get("parentId") ?? ""));
  const childId = parseId(String(form.get("childId") ?? ""));
  const student = String(form.get("student") ?? "").slice(0, 100);
  if (parentId === null) throw data(null, { status: 400 });
  const done =
    childId !== null
      ? await answerFamilyLink(actor, parentId, childId, confirm)
      : await answerRosterParent(actor, id, parentId, student, confirm);
  if (!done) throw data(null, { status: 403, statusText: "Forbidden" });
  return redirect(`/communities/${id}/manage/families`, {
    headers: await flashToast(request, { kind: "success", key: "invitations:families.done" }),
  });
}

function Answer({ fields }: { fields: Record<string, string | number> }) {
  const { t } = useTranslation("invitations");
  return (
    <form method="post" className="roster-actions">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value="confirm">
        {t("families.confirm")}
      </button>
      <button type="submit" name="intent" value="decline">
        {t("families.decline")}
      </button>
    </form>
  );
}

export default function ManageFamilies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["invitations", "communities"]);
  const { community, claims, links } = loaderData;
  return (
    <main id="main">
      <h1>{t("communities:manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <h2>{t("invitations:families.heading")}</h2>
      <p className="hint">{t("invitations:families.intro")}</p>
      {claims.length + links.length === 0 ? <p>{t("invitations:families.none")}</p> : null}
      <ul className="roster-rows">
        {claims.map((claim) => (
          <li key={`${claim.parentId}:${claim.student}`}>
            <span>{t("invitations:families.claim", { parent: claim.parent, student: claim.student })}</span>
            <Answer fields={{ parentId: claim.parentId, student: claim.student }} />
          </li>
        ))}
        {links.map((link) => (
          <li key={`${link.parentId}:${link.childId}`}>
            <span>{t("invitations:families.claim", { parent: link.parent, student: link.child })}</span>
            <Answer fields={{ parentId: link.parentId, childId: link.childId }} />
          </li>
        ))}
      </ul>
    </main>
  );
}
