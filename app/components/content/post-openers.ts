/** The parameters that open one form on a post's page (`?report=comment-9`, `?edit=comment-9`). */
const OPENERS = ["report", "edit"];

/** The form a post's page was opened with (`?report=post` → "report=post"), or "". */
export function openerIn(query: string) {
  const search = new URLSearchParams(query);
  const param = OPENERS.find((name) => search.has(name));
  return param ? `${param}=${search.get(param)}` : "";
}

/**
 * Where a form on a post sends the reader back to (PRG): the page it was posted from, without
 * the parameter that opened the form (decision 076), so the page comes back closed.
 */
export function returnToOf(pathname: string, query: string) {
  // Most lists are asked without a query (/newsfeed): nothing to take out.
  if (query === "" || query === "?") return pathname;
  const search = new URLSearchParams(query);
  for (const param of OPENERS) search.delete(param);
  const rest = search.toString();
  return `${pathname}${rest ? `?${rest}` : ""}`;
}
