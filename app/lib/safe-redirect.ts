/**
 * Only same-site paths may be redirect targets: `//evil.example` and absolute URLs fall back.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  return target;
}
