import { data } from "react-router";
import { readFormData } from "~/lib/forms/read-form.server";
import { getConfig } from "~/server/config.server";
import { createNotification } from "~/server/notifications/notifications.server";
import { findUser } from "~/server/users/users.server";
import type { Route } from "./+types/notify";

/**
 * POST /__dev/notify (form fields `user` = email or username, `title`, `url`): creates a
 * notification as a service would, so end-to-end tests can watch it arrive live. Only with
 * DEV_ROUTES=true (docs/decisions: dev routes).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!getConfig().DEV_ROUTES) throw data(null, { status: 404 });
  const form = await readFormData(request);
  const [identifier, title, url] = ["user", "title", "url"].map((name) => String(form.get(name) ?? "").trim());
  const user = identifier ? await findUser({ identifier }) : undefined;
  if (!user || !title || !url) return Response.json({ error: { code: "invalid_request" } }, { status: 400 });
  const notification = await createNotification({ userId: user.id, title, url, origin: new URL(request.url).origin });
  return Response.json({ notification });
}

export function loader() {
  if (!getConfig().DEV_ROUTES) throw data(null, { status: 404 });
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
