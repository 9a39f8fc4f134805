/** Any control character (tab, CR, LF, NUL…) or a backslash: browsers drop or rewrite them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;
const BASE = "http://same-site.invalid";

/** Decodes percent-escapes until nothing changes (a few rounds); undefined when malformed. */
function decodedForms(value: string): string[] | undefined {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** A path the browser cannot read as another host: one leading slash, nothing it would strip. */
function looksLikeOwnPath(form: string) {
  return form.startsWith("/") && !form.startsWith("//") && !UNSAFE_CHARACTER.test(form);
}

/**
 * The one function every redirect target goes through (docs/decisions/030-redirect-targets.md).
 * Only paths on this site pass: a target that starts with anything but a single `/`, holds a
 * control character or a backslash, or whose path would turn into `//host` or `/\host` once its
 * percent-escapes are decoded (by a browser, a proxy, or later code) falls back. What passes is
 * re-serialised by the URL parser, so the Location header is always a plain, valid path.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  if (!looksLikeOwnPath(target)) return fallback;
  // Escapes in the query or fragment stay escaped in the Location header; only the path part
  // could turn into a host once decoded.
  const forms = decodedForms(target.split(/[?#]/, 1)[0] ?? "");
  if (!forms?.every(looksLikeOwnPath)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || !looksLikeOwnPath(path)) return fallback;
  return path;
}
