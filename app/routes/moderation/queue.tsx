import { data, redirect } from "react-router";
import { ManageNav } from "~/components/communities/manage-nav";
import { FormError } from "~/components/form/field";
import { AuditLog } from "~/components/moderation/audit-log";
import { QueueItemView } from "~/components/moderation/queue-item";
import { userContext } from "~/context";
import { parseId } from "~/lib/forms/communities";
import { moderationSchema } from "~/lib/forms/moderation";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import moderation from "~/locales/en/moderation.json";
import { loadModeration, moderate } from "~/server/moderation/moderation.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/queue";

registerNamespace("communities", communities);
registerNamespace("moderation", moderation);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

function communityIdOf(params: { id?: string }) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  return id;
}

async function requireQueue(viewerId: number, communityId: number) {
  const page = await loadModeration(viewerId, communityId);
  if (page.status === "not_found") throw data(null, { status: 404, statusText: "Not Found" });
  if (page.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  return page;
}

/** /communities/{id}/manage/reports: the community's moderation queue and, for owners, its audit log (decision 161). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await requireQueue(context.get(userContext)!.id, communityIdOf(params));
  return { community: page.community, owns: page.owns, items: page.items, log: page.log };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Reports ${loaderData?.community.name ?? ""} — SchoolHub` },
];

export async function action({ request, context, params }: Route.ActionArgs) {
  const communityId = communityIdOf(params);
  const parsed = parseForm(moderationSchema, await readFormData(request));
  if (!parsed.ok) return data({ formError: parsed.formError ?? "moderation:errors.unknownAction" }, { status: 400 });
  const actor = context.get(userContext)!;
  const { action, targetType, targetId, note } = parsed.data;
  const result = await moderate(actor, { communityId, targetType, targetId, action, note });
  if (result.status !== "ok") {
    await requireQueue(actor.id, communityId);
    return data({ formError: "moderation:gone" }, { status: 409 });
  }
  return redirect(`/communities/${communityId}/manage/reports`, {
    headers: await flashToast(request, { kind: "success", key: `moderation:done.${action}` }),
  });
}

export default function ModerationQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("moderation");
  const { community, items, log, owns } = loaderData;
  const here = `/communities/${community.id}/manage/reports`;
  return (
    <main id="main" className="moderation">
      <h1>{t("title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <p>{t("lead")}</p>
      <FormError error={actionData?.formError} />
      {items.length === 0 ? <p className="hint">{t("empty")}</p> : null}
      <ul className="moderation-list">
        {items.map((item) => (
          <QueueItemView key={`${item.targetType}-${item.targetId}`} item={item} action={here} />
        ))}
      </ul>
      <AuditLog name={community.name} entries={log} owns={owns} />
    </main>
  );
}
