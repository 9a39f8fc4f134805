import { data, redirect } from "react-router";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { notificationPath } from "~/lib/notification-url";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { markNotificationRead } from "~/server/notifications/notifications.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import type { Route } from "./+types/open";

/**
 * POST /notifications/{oid}/open: the header dropdown's items (SPEC §2). Marks the
 * notification read and goes to the path of its url only; a failure goes back to the page
 * with the error notice (SPEC §8). A form post, so it works without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const returnTo = safeRedirectPath(form.get("returnTo"), "/newsfeed");
  const user = context.get(userContext);
  if (!user) throw signInRedirect(new URL(returnTo, request.url));
  try {
    const result = await markNotificationRead(user, params.oid);
    if (result.status === "ok") return redirect(notificationPath(result.notification.url));
    // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
    if (result.status === "revoked") return signInRedirect(new URL(returnTo, request.url));
  } catch (error) {
    console.error("marking a notification read failed", error);
  }
  return redirect(returnTo, {
    headers: await flashToast(request, { kind: "error", key: "common:notifications.markFailed" }),
  });
}

/** Opening is a mutation: a GET (a prefetch, a pasted link) never marks anything. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
