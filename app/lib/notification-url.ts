import { safeRedirectPath } from "./safe-redirect";

/**
 * SPEC §2: navigation from a notification uses only the path of its url, so a notification
 * never sends anyone to another site, whatever host its url names. The path still goes through
 * safeRedirectPath: `https://x.test//evil.example/p` has the path `//evil.example/p`.
 */
export function notificationPath(url: string): string {
  try {
    const parsed = new URL(url, "http://localhost");
    if (!/^https?:$/.test(parsed.protocol)) return "/";
    return safeRedirectPath(`${parsed.pathname}${parsed.search}${parsed.hash}`);
  } catch {
    return "/";
  }
}

/**
 * SPEC §3: a notification's url is a full URL. Services may pass a path; it is completed
 * with the app's origin. Only http(s) URLs are kept as they are.
 */
export function absoluteNotificationUrl(url: string, origin: string | undefined): string {
  if (/^https?:\/\//i.test(url)) return new URL(url).href;
  if (!url.startsWith("/") || url.startsWith("//"))
    throw new Error(`Notification url must be a path or an http(s) URL: ${url}`);
  if (!origin) throw new Error("A notification with a path needs the app origin to build its full URL");
  return new URL(url, origin).href;
}
