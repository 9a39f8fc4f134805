import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { ThreadMessage } from "~/components/inbox/thread-message";
import { userContext } from "~/context";
import { parseId } from "~/lib/forms/chat";
import { messageActionSchema } from "~/lib/forms/inbox";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import inbox from "~/locales/en/inbox.json";
import { deleteForMe, loadThread, markUnread } from "~/server/inbox/inbox.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import stylesheet from "~/styles/inbox.css?url";
import type { Route } from "./+types/message";

registerNamespace("inbox", inbox);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** /messagesold/{id} (SPEC §2): the thread of message {id}; opening it marks it read. 404 for anyone without a copy. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  const id = parseId(params.id);
  const thread = id === null ? null : await loadThread(viewer, id);
  if (!thread) throw data(null, { status: 404 });
  return { thread };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.thread.subject }];

/** "Mark unread" and "Delete" (for oneself, after a confirmation: DESIGN §1) on one message of the thread. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
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
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (done === "revoked") return signInRedirect(url);
  if (!done) throw data(null, { status: 404 });
  const key = intent === "delete" ? "inbox:toasts.deleted" : "inbox:toasts.markedUnread";
  return redirect("/messagesold", { headers: await flashToast(request, { kind: "success", key }) });
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const { thread } = loaderData;
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
          <ThreadMessage key={message.id} message={message} here={here} opened={message.id === thread.id} />
        ))}
      </div>
    </main>
  );
}
