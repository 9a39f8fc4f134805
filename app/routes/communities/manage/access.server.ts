import { data } from "react-router";
import { parseId } from "~/lib/forms/communities";
import { readFormData } from "~/lib/forms/read-form.server";
import { signInRedirect } from "~/server/session/web-session.server";

/** A manage page's answer for someone who may not manage (403) or a community that does not exist (404). */
export function requireAccess<T extends { status: string }>(result: T): Extract<T, { status: "ok" }> {
  if (result.status === "not_found") throw data(null, { status: 404, statusText: "Not Found" });
  if (result.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  return result as Extract<T, { status: "ok" }>;
}

/**
 * A manage write refused because its token was revoked by a logout elsewhere (decision 042):
 * the request is treated as signed out, as every page action does.
 */
export function throwIfRevoked<T>(result: T, url: URL): Exclude<T, "revoked"> {
  if (result === "revoked") throw signInRedirect(url);
  return result as Exclude<T, "revoked">;
}

/** The community id of a manage page's path; any other value is the 404 page. */
export function communityIdOf(params: { id?: string }) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  return id;
}

/** A manage form's post: the community's id and the form's fields (all text). */
export async function readManageForm(request: Request, params: { id?: string }) {
  const id = communityIdOf(params);
  return { id, fields: Object.fromEntries(await readFormData(request)) as Record<string, string> };
}
