import { data, redirect } from "react-router";
import { FormError } from "~/components/form/field";
import { AuditLog } from "~/components/moderation/audit-log";
import { DirectItemView } from "~/components/moderation/direct-item";
import { userContext } from "~/context";
import { directModerationSchema } from "~/lib/forms/moderation";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import moderation from "~/locales/en/moderation.json";
import { moderateDirect } from "~/server/moderation/moderate-direct.server";
import { loadOperatorQueue } from "~/server/moderation/operator-queue.server";
import { flashToast } from "~/server/session/session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/operator";

registerNamespace("moderation", moderation);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

const HERE = "/moderation";

async function requireOperator(viewerId: number) {
  const page = await loadOperatorQueue(viewerId);
  if (page.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  return page;
}

/** /moderation: the operators' queue (reports of messages and people) and the whole audit log (decision 186). */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await requireOperator(context.get(userContext)!.id);
  return { items: page.items, log: page.log };
}

export const meta: Route.MetaFunction = () => [{ title: "Moderation — SchoolHub" }];

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(directModerationSchema, await readFormData(request));
  if (!parsed.ok) return data({ formError: parsed.formError ?? "moderation:errors.unknownAction" }, { status: 400 });
  const actor = context.get(userContext)!;
  const { action, targetType, targetId, note } = parsed.data;
  const result = await moderateDirect(actor, { target: { type: targetType, id: targetId }, action, note });
  if (result.status === "not_allowed") return data({ formError: "moderation:errors.unknownAction" }, { status: 400 });
  if (result.status !== "ok") {
    await requireOperator(actor.id);
    return data({ formError: "moderation:gone" }, { status: 409 });
  }
  const done = targetType === "user" && action === "warn" ? "warnPerson" : action;
  return redirect(HERE, { headers: await flashToast(request, { kind: "success", key: `moderation:done.${done}` }) });
}

export default function OperatorQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("moderation");
  const { items, log } = loaderData;
  return (
    <main id="main" className="moderation">
      <h1>{t("operator.title")}</h1>
      <p>{t("operator.lead")}</p>
      <FormError error={actionData?.formError} />
      {items.length === 0 ? <p className="hint">{t("empty")}</p> : null}
      <ul className="moderation-list">
        {items.map((item) => (
          <DirectItemView key={`${item.targetType}-${item.targetId}`} item={item} action={HERE} />
        ))}
      </ul>
      <AuditLog name="SchoolHub" entries={log} owns lead={t("operator.logLead")} />
    </main>
  );
}
