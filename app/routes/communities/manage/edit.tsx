import { data, redirect } from "react-router";
import { CommunityAvatarForm } from "~/components/communities/community-avatar-form";
import { CommunityForm } from "~/components/communities/community-form";
import { ManageNav } from "~/components/communities/manage-nav";
import { userContext } from "~/context";
import { communitySchema } from "~/lib/forms/communities";
import { parseForm } from "~/lib/forms/parse";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import { updateCommunity } from "~/server/communities/manage.server";
import { getManageOverview } from "~/server/communities/manage-pages.server";
import { flashToast } from "~/server/session/session.server";
import { avatarUrl } from "~/server/users/avatar";
import stylesUrl from "~/styles/communities.css?url";
import { slugFailure } from "../slug-failure.server";
import type { Route } from "./+types/edit";
import { communityIdOf, requireAccess } from "./access.server";
import { communityAvatarAction, readEditForm } from "./avatar.server";
import { manageMeta } from "./manage-meta";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const { community } = requireAccess(await getManageOverview(context.get(userContext)!.id, id));
  const { role: _r, status: _s, ...details } = community;
  return { community: { ...details, avatar: avatarUrl(details.avatar) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => manageMeta(loaderData?.community.name);

/**
 * POST /communities/{id}/manage/edit: details and policies, or the picture (intents "avatar",
 * "avatar-remove"); the services refuse non-managers (403).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = communityIdOf(params);
  const read = await readEditForm(request);
  if ("refused" in read) return read.refused;
  const { formData } = read;
  const manager = context.get(userContext)!;
  const intent = formData.get("intent");
  if (intent === "avatar" || intent === "avatar-remove") return communityAvatarAction(request, manager, id, formData);
  const parsed = parseForm(communitySchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await updateCommunity(manager, id, parsed.data);
  if (result === "forbidden") throw data(null, { status: 403 });
  if (result !== "saved") return slugFailure(formData, result);
  return redirect(`/communities/${id}/manage/edit`, {
    headers: await flashToast(request, { kind: "success", key: "communities:manage.toasts.saved" }),
  });
}

export default function ManageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  const { community } = loaderData;
  const avatarFailure = actionData && "avatar" in actionData ? actionData.avatar : undefined;
  const detailsFailure = actionData && !("avatar" in actionData) ? actionData : undefined;
  return (
    <main id="main">
      <h1>{t("manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <CommunityAvatarForm community={community} failure={avatarFailure} />
      <CommunityForm
        failure={detailsFailure}
        initial={{
          name: community.name,
          slug: community.slug,
          category: community.category,
          description: community.description,
          joinPolicy: community.joinPolicy,
          postPolicy: community.postPolicy,
          requiresApproval: community.requiresApproval,
        }}
        submitLabel={t("form.submitSave")}
      />
    </main>
  );
}
