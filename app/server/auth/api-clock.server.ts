import type { RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import type { Clock } from "~/lib/date-format";
import { formatWhen } from "~/lib/date-format";
import { getLocale } from "~/middleware/i18next";
import { verifyAccessToken } from "~/server/auth/tokens.server";
import { apiTranslator } from "~/server/http/json.server";
import { clockFor, viewerZone } from "~/server/users/time-zone.server";

/**
 * The clock API answers are written with (decision 121): the zone the caller's access token
 * carries (the account's); for the web page's own reads, the page's zone; else UTC. The token was verified already by
 * the route; this verification is the isolate's cache of it.
 */
export async function apiClock(request: Request, context: Readonly<RouterContextProvider>): Promise<Clock> {
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  let zone: string | null = null;
  if (match?.[1]) {
    const check = await verifyAccessToken(match[1]);
    zone = check.status === "valid" ? (check.user?.timeZone ?? null) : null;
  } else {
    zone = viewerZone(context.get(userContext), request).zone;
  }
  return clockFor(zone ?? "UTC", getLocale(context), apiTranslator(context));
}

/**
 * Every `createdAt` in an answer gets its `createdAtText` beside it ("5 min", "Yesterday
 * 3:20 PM"), written as the pages write it, so an app shows what the web shows without
 * formatting dates itself. The instant stays as it was.
 */
export function withTimeTexts<T>(value: T, clock: Clock): T {
  if (Array.isArray(value)) return value.map((item) => withTimeTexts(item, clock)) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = withTimeTexts(field, clock);
    if (key === "createdAt" && typeof field === "number") out.createdAtText = formatWhen(field, clock);
  }
  return out as T;
}
