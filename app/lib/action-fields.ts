/**
 * Fields a form carries in its action URL instead of hidden inputs (decision 106): a list of
 * twenty posts had ~140 hidden `returnTo`/`target`/`intent` inputs, most of its elements after
 * the text. The browser posts to the action URL with its query, with JavaScript or without, and
 * the action reads the query under the body: a field in the body wins.
 */
export function actionWithFields(path: string, fields: Record<string, string>) {
  let query = "";
  for (const name in fields) query += `${query ? "&" : ""}${name}=${queryValue(fields[name]!)}`;
  return `${path}?${query}`;
}

/** What encodeURIComponent leaves as it is, and `/` and `:`: "/newsfeed", "post:5", "like". */
const PLAIN = /^[\w.!~*'()/:-]*$/;

/**
 * A field's value in the query. `/` and `:` may stand unescaped in a query (RFC 3986 §3.4):
 * "/newsfeed", "post:5". A page of posts writes some hundred of these, nearly all plain, which
 * are their own encoding (decision 213).
 */
export function queryValue(value: string) {
  return PLAIN.test(value) ? value : encodeURIComponent(value).replace(/%2F|%3A/g, decodeURIComponent);
}

/** The posted fields: the action URL's query, then the body's fields over them. */
export function actionFields(url: URL, formData: FormData): Record<string, FormDataEntryValue> {
  return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(formData) };
}
