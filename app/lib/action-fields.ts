/**
 * Fields a form carries in its action URL instead of hidden inputs (decision 106): a list of
 * twenty posts had ~140 hidden `returnTo`/`target`/`intent` inputs, most of its elements after
 * the text. The browser posts to the action URL with its query, with JavaScript or without, and
 * the action reads the query under the body: a field in the body wins.
 */
export function actionWithFields(path: string, fields: Record<string, string>) {
  const query = Object.entries(fields).map(
    // `/` and `:` may stand unescaped in a query (RFC 3986 §3.4): "/newsfeed", "post:5".
    ([name, value]) => `${name}=${encodeURIComponent(value).replace(/%2F|%3A/g, decodeURIComponent)}`,
  );
  return `${path}?${query.join("&")}`;
}

/** The posted fields: the action URL's query, then the body's fields over them. */
export function actionFields(url: URL, formData: FormData): Record<string, FormDataEntryValue> {
  return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(formData) };
}
