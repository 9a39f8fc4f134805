import { data, Form, Link, redirect } from "react-router";
import { ConfirmPage } from "~/components/communities/confirm-page";
import { ManageAction } from "~/components/communities/manage-action";
import { ManageNav } from "~/components/communities/manage-nav";
import { MemberStudent } from "~/components/communities/member-student";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { INVITE_WHO_MAX_LENGTH } from "~/lib/community-limits";
import { CONFIRMED_MANAGE_INTENTS, inviteSchema, memberChangeSchema } from "~/lib/forms/communities";
import { parseValues } from "~/lib/forms/parse";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import { changeMember, invite } from "~/server/communities/manage.server";
import { getManageMembers } from "~/server/communities/manage-pages.server";
import { familyLabelsQuery, shortName } from "~/server/families/family.server";
import { listCommunityStudents } from "~/server/families/students.server";
import { flashToast, type Toast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/members";
import { communityIdOf, readManageForm, requireAccess } from "./access.server";
import { manageMeta } from "./manage-meta";
import { studentAction } from "./member-student.server";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const viewerId = context.get(userContext)!.id;
  // Both reads start in the same turn: one D1 round trip.
  const [found, students] = await Promise.all([
    getManageMembers(viewerId, id, familyLabelsQuery(viewerId, id)),
    listCommunityStudents(viewerId, id),
  ]);
  const page = requireAccess(found);
  const parentOf: Record<number, string[]> = {};
  for (const { parentId, childName } of page.labels) {
    parentOf[parentId] = [...(parentOf[parentId] ?? []), shortName(childName)];
  }
  return {
    community: { id: page.community.id, name: page.community.name },
    isOwner: page.isOwner,
    viewerId,
    members: page.members,
    invited: page.invited,
    parentOf,
    students: Object.fromEntries(students.map((student) => [student.userId, student])),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => manageMeta(loaderData?.community.name);

/** POST /communities/{id}/manage/members: promote, make owner, demote, remove (decision 045). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { id, fields } = await readManageForm(request, params);
  if (fields.intent === "invite") return inviteAction(request, context, id, fields);
  if (fields.intent === "student" || fields.intent === "notStudent") {
    return studentAction(request, context.get(userContext)!, id, fields);
  }
  const parsed = parseValues(memberChangeSchema, fields);
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok) throw data(null, { status: 400 });
  const { intent, userId, confirmed } = parsed.data;
  const viewerId = context.get(userContext)!.id;
  if (CONFIRMED_MANAGE_INTENTS.has(intent) && !confirmed) {
    const page = requireAccess(await getManageMembers(viewerId, id));
    const name = page.members.find((member) => member.id === userId)?.name ?? "";
    return { confirm: { intent, name, fields } };
  }
  const changed = await changeMember(context.get(userContext)!, id, userId, intent);
  if (!changed) requireAccess(await getManageMembers(viewerId, id));
  return redirect(`/communities/${id}/manage/members`, {
    headers: await flashToast(request, {
      kind: changed ? "success" : "warning",
      key: changed ? "communities:manage.toasts.done" : "communities:manage.toasts.refused",
    }),
  });
}

/** Invites by name or username; the invitee is told and accepts or declines on the community's page. */
async function inviteAction(
  request: Request,
  context: Route.ActionArgs["context"],
  id: number,
  fields: Record<string, string>,
) {
  const parsed = parseValues(inviteSchema, fields);
  const result = parsed.ok
    ? await invite(context.get(userContext)!, id, parsed.data.who)
    : { status: "not_found" as const };
  if (result.status === "forbidden") throw data(null, { status: 403 });

  const toast: Toast =
    result.status === "invited"
      ? { kind: "success", key: "communities:manage.toasts.invited", values: { name: result.name } }
      : ({
          kind: "warning",
          key: `communities:manage.toasts.invite_${result.status}`,
          values: { who: fields.who ?? "" },
        } as const);
  return redirect(`/communities/${id}/manage/members`, { headers: await flashToast(request, toast) });
}

export default function ManageMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { community, members, invited, isOwner, viewerId } = loaderData;
  const here = `/communities/${community.id}/manage/members`;
  if (actionData && "confirm" in actionData) {
    const { intent, name, fields } = actionData.confirm;
    return (
      <ConfirmPage
        question={t(`manage.confirm.${intent as "demote" | "remove"}`, { name })}
        fields={fields}
        back={here}
      />
    );
  }
  return (
    <main id="main">
      <h1>{t("manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <Form method="post" action={here} className="card community-search">
        <input type="hidden" name="intent" value="invite" />
        <div className="field">
          <label htmlFor="invite-who">{t("manage.inviteLabel")}</label>
          <input id="invite-who" name="who" required maxLength={INVITE_WHO_MAX_LENGTH} autoComplete="off" />
        </div>
        <button type="submit">{t("manage.invite")}</button>
      </Form>
      <h2>{t("manage.members")}</h2>
      <ul className="manage-list">
        {members.map((member) => {
          const fields = (intent: string) => ({ intent, userId: String(member.id) });
          const self = member.id === viewerId;
          return (
            <li key={member.id} className="manage-row">
              <span className="manage-who">
                <UserAvatar name={member.name} avatar={member.avatar} size="small" />
                {/* The name on a line of its own, a whole-width 44 px target; role and family under it. */}
                <span className="manage-who-text">
                  <Link to={`/users/${member.id}`}>{member.name}</Link>
                  <span className="manage-who-meta">
                    <span className="member-role">{t(`page.roles.${member.role}`)}</span>
                    {loaderData.parentOf[member.id]?.map((child) => (
                      <span key={child} className="member-family">
                        {t("manage.parentOf", { name: child })}
                      </span>
                    ))}
                  </span>
                </span>
              </span>
              {member.role === "member" && !self ? (
                <MemberStudent
                  action={here}
                  userId={member.id}
                  student={loaderData.students[member.id]}
                  error={Boolean(actionData && "studentError" in actionData && actionData.studentError === member.id)}
                />
              ) : null}
              {member.role === "member" ? (
                <ManageAction action={here} fields={fields("promote")} label={t("manage.promote")} secondary />
              ) : null}
              {isOwner && member.role !== "owner" ? (
                <ManageAction action={here} fields={fields("makeOwner")} label={t("manage.makeOwner")} secondary />
              ) : null}
              {member.role === "manager" || (isOwner && member.role === "owner") ? (
                <ManageAction
                  action={here}
                  fields={fields("demote")}
                  label={t("manage.demote")}
                  question={t("manage.confirm.demote", { name: member.name })}
                  secondary
                />
              ) : null}
              {!self && (member.role === "member" || isOwner) ? (
                <ManageAction
                  action={here}
                  fields={fields("remove")}
                  label={t("manage.remove")}
                  question={t("manage.confirm.remove", { name: member.name })}
                  secondary
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {invited.length ? (
        <>
          <h2>{t("manage.invited")}</h2>
          <ul className="manage-list">
            {invited.map((person) => (
              <li key={person.id} className="manage-row">
                <span className="manage-who">
                  <UserAvatar name={person.name} avatar={person.avatar} size="small" />
                  {person.name}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
