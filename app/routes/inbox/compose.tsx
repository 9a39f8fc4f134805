import { data } from "react-router";
import { ComposeForm } from "~/components/inbox/compose-form";
import { userContext } from "~/context";
import { dateTimeFormat } from "~/lib/date-format";
import { parseId } from "~/lib/forms/chat";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import inbox from "~/locales/en/inbox.json";
import { getInstance, translatorFor } from "~/middleware/i18next";
import { ACCEPTED_EXTENSIONS } from "~/server/inbox/inbox.server";
import { viewerZone } from "~/server/users/time-zone.server";
import stylesheet from "~/styles/inbox.css?url";
import { composeAction, composeDefaults } from "../../server/inbox/compose-form.server";
import type { Route } from "./+types/compose";

registerNamespace("inbox", inbox);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** The message answered by /messagesold/compose/{id}; null on /messagesold/compose. */
function replyToOf(params: { id?: string }) {
  if (params.id === undefined) return null;
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** /messagesold/compose and /messagesold/compose/{id}, a reply quoting message {id} (SPEC §2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  const i18n = getInstance(context);
  // The quote's date, in the viewer's zone (decision 121).
  const timeZone = viewerZone(viewer, request).zone;
  const format = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  const replyToId = replyToOf(params);
  const { defaults, replyTo, choices } = await composeDefaults(viewer.id, replyToId, translatorFor(context), (at) =>
    format.format(at),
  );
  return {
    metaTitle: i18n.t(replyTo ? "inbox:compose.replyTitle" : "inbox:compose.title"),
    reply: replyTo !== null,
    clientKey: crypto.randomUUID(),
    defaults,
    choices,
    accept: ACCEPTED_EXTENSIONS.join(","),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context, params }: Route.ActionArgs) {
  return composeAction({
    request,
    viewer: context.get(userContext)!,
    replyToId: replyToOf(params),
  });
}

export default function Compose({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const action = params.id ? `/messagesold/compose/${params.id}` : "/messagesold/compose";
  return (
    <main id="main" className="inbox">
      <h1>{loaderData.reply ? t("compose.replyTitle") : t("compose.title")}</h1>
      <ComposeForm
        action={action}
        clientKey={loaderData.clientKey}
        defaults={loaderData.defaults}
        choices={loaderData.choices}
        accept={loaderData.accept}
        failure={actionData ?? null}
      />
    </main>
  );
}
