import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { ConfirmPage } from "~/components/communities/confirm-page";
import { ManageAction } from "~/components/communities/manage-action";
import { ManageNav } from "~/components/communities/manage-nav";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { CONFIRMED_MANAGE_INTENTS, requestAnswerSchema } from "~/lib/forms/communities";
import { parseValues } from "~/lib/forms/parse";
import { registerNamespace } from "~/lib/i18n-client";
import communities from "~/locales/en/communities.json";
import { translatorFor } from "~/middleware/i18next";
import { answerRequest } from "~/server/communities/manage.server";
import { getManageRequests } from "~/server/communities/manage-pages.server";
import { notifyMember } from "~/server/content/content-notifications.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/requests";
import { communityIdOf, readManageForm, requireAccess, throwIfRevoked } from "./access.server";
import { manageMeta } from "./manage-meta";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const page = requireAccess(await getManageRequests(context.get(userContext)!.id, id));
  return { community: { id: page.community.id, name: page.community.name }, requests: page.requests };
}

export const meta: Route.MetaFunction = ({ loaderData }) => manageMeta(loaderData?.community.name);

/** POST /communities/{id}/manage/requests: approve or decline a request to join. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  const { id, fields } = await readManageForm(request, params);
  const parsed = parseValues(requestAnswerSchema, fields);
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok) throw data(null, { status: 400 });
  const { intent, userId, confirmed } = parsed.data;
  const viewerId = context.get(userContext)!.id;
  if (CONFIRMED_MANAGE_INTENTS.has(intent) && !confirmed) {
    const page = requireAccess(await getManageRequests(viewerId, id));
    return { confirm: { name: page.requests.find((person) => person.id === userId)?.name ?? "", fields } };
  }
  const done = throwIfRevoked(await answerRequest(context.get(userContext)!, id, userId, intent === "approve"), url);
  if (done && intent === "approve") {
    const t = translatorFor(context);
    notifyMember({ t, origin: new URL(request.url).origin }, userId, id, "approved");
  }
  if (!done) {
    const page = requireAccess(await getManageRequests(viewerId, id));
    return redirect(`/communities/${page.community.id}/manage/requests`);
  }
  return redirect(`/communities/${id}/manage/requests`, {
    headers: await flashToast(request, {
      kind: "success",
      key: intent === "approve" ? "communities:manage.toasts.done" : "communities:manage.toasts.declined",
    }),
  });
}

export default function ManageRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { community, requests } = loaderData;
  const here = `/communities/${community.id}/manage/requests`;
  if (actionData?.confirm) {
    const { name, fields } = actionData.confirm;
    return <ConfirmPage question={t("manage.confirm.decline", { name })} fields={fields} back={here} />;
  }
  return (
    <main id="main">
      <h1>{t("manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <h2>{t("manage.pendingRequests")}</h2>
      {requests.length === 0 ? <p className="hint">{t("manage.noRequests")}</p> : null}
      <ul className="manage-list">
        {requests.map((person) => (
          <li key={person.id} className="manage-row">
            <span className="manage-who">
              <UserAvatar name={person.name} avatar={person.avatar} size="small" />
              <Link to={`/users/${person.id}`}>{person.name}</Link>
            </span>
            <ManageAction
              action={here}
              fields={{ intent: "approve", userId: String(person.id) }}
              label={t("manage.approve")}
            />
            <ManageAction
              action={here}
              fields={{ intent: "decline", userId: String(person.id) }}
              label={t("manage.decline")}
              question={t("manage.confirm.decline", { name: person.name })}
              secondary
            />
          </li>
        ))}
      </ul>
    </main>
  );
}
