import { data } from "react-router";

/** A manage page's answer for someone who may not manage (403) or a community that does not exist (404). */
export function requireAccess<T extends { status: string }>(result: T): Extract<T, { status: "ok" }> {
  if (result.status === "not_found") throw data(null, { status: 404, statusText: "Not Found" });
  if (result.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  return result as Extract<T, { status: "ok" }>;
}
