import { data, Link, redirect } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { ThreadMessage } from "~/components/inbox/thread-message";
import { userContext } from "~/context";
import { parseId } from "~/lib/forms/chat";
import { messageActionSchema } from "~/lib/forms/inbox";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import inbox from "~/locales/en/inbox.json";
import { getLocale } from "~/middleware/i18next";
import { getPublicConfig } from "~/server/config.server";
import { deleteForMe, loadThread, markUnread } from "~/server/inbox/inbox.server";
import { flashToast } from "~/server/session/session.server";
import stylesheet from "~/styles/inbox.css?url";
import type { Route } from "./+types/message";

registerNamespace("inbox", inbox);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/**
 * /messagesold/{id} (SPEC §2): the thread of message {id}; opening it marks it read. 404 for
 * anyone without a copy. `?translate=mail-{m}`: message {m} of the thread in the reader's
 * language ("See translation", decision 150).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  const id = parseId(params.id);
  const asked = url.searchParams.get("translate")?.match(/^mail-(\d{1,15})$/);
  const translate = asked ? { messageId: Number(asked[1]), locale: getLocale(context) } : null;
  const thread = id === null ? null : await loadThread(viewer, id, translate);
  if (!thread) throw data(null, { status: 404 });
  return { thread, canTranslate: getPublicConfig().translation };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.thread.subject }];

/** "Mark unread" and "Delete" (for oneself, after a confirmation: DESIGN §1) on one message of the thread. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = context.get(userContext)!;
  const formData = await readFormData(request);
  const parsed = parseForm(messageActionSchema, formData);
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok || parseId(params.id) === null) throw data(null, { status: 400 });
  const { intent, messageId, confirmed } = parsed.data;
  if (intent === "delete" && !confirmed) {
    return { confirm: { intent, messageId: String(messageId) } };
  }
  const done = intent === "delete" ? await deleteForMe(viewer, messageId) : await markUnread(viewer, messageId);
  if (!done) throw data(null, { status: 404 });
  const key = intent === "delete" ? "inbox:toasts.deleted" : "inbox:toasts.markedUnread";
  return redirect("/messagesold", { headers: await flashToast(request, { kind: "success", key }) });
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const { thread, canTranslate } = loaderData;
  const translated = thread.translation?.status === "translated" ? thread.translation : null;
  const here = `/messagesold/${thread.id}`;
  if (actionData?.confirm) {
    return (
      <ConfirmationPage
        title={t("thread.confirmTitle")}
        question={t("thread.confirmDelete")}
        fields={actionData.confirm}
        confirmLabel={t("thread.yes")}
        cancelLabel={t("thread.no")}
        cancelTo={here}
      />
    );
  }
  return (
    <main id="main" className="inbox">
      <p>
        <Link to="/messagesold" className="inbox-back">
          {t("thread.back")}
        </Link>
      </p>
      <h1 className="inbox-thread-title">{thread.subject}</h1>
      <div className="inbox-thread">
        {thread.messages.map((message) => (
          <ThreadMessage
            key={message.id}
            message={message}
            here={here}
            opened={message.id === thread.id}
            canTranslate={canTranslate}
            translation={translated?.messageId === message.id ? translated.translation : null}
            translationFailed={thread.translation?.messageId === message.id && thread.translation.status === "failed"}
          />
        ))}
      </div>
    </main>
  );
}
