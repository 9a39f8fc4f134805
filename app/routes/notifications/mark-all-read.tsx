import { redirect } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { useTranslation } from "~/lib/i18n-lite/react";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getInstance } from "~/middleware/i18next";
import { markAllNotificationsRead } from "~/server/notifications/notifications.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/mark-all-read";

/**
 * /notifications/markallread: "Mark All Read" from the header (SPEC §2, §8). With JavaScript
 * a dialog asks and the post carries confirmed=1; without it, this page asks (DESIGN §1).
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return {
    metaTitle: getInstance(context).t("notifications.markAllTitle"),
    returnTo: safeRedirectPath(url.searchParams.get("returnTo"), "/newsfeed"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const returnTo = safeRedirectPath(form.get("returnTo"), "/newsfeed");
  if (form.get("confirmed") !== "1") return { returnTo };
  // The signed-in layout already sent guests to sign in.
  const user = context.get(userContext)!;
  try {
    await markAllNotificationsRead(user);
    return redirect(returnTo);
  } catch (error) {
    // A thrown Response is an answer (a revoked session, decision 111), not a failure.
    if (error instanceof Response) throw error;
    console.error("marking all notifications read failed", error);
    return redirect(returnTo, {
      headers: await flashToast(request, { kind: "error", key: "common:notifications.markFailed" }),
    });
  }
}

export default function MarkAllRead({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const returnTo = actionData?.returnTo ?? loaderData.returnTo;
  return (
    <ConfirmationPage
      title={t("notifications.markAllTitle")}
      question={t("notifications.markAllConfirm")}
      fields={{ returnTo }}
      confirmLabel={t("notifications.confirm")}
      cancelLabel={t("notifications.cancel")}
      cancelTo={returnTo}
    />
  );
}
