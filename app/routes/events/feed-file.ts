import { buildCalendar } from "~/lib/calendar/ical";
import { feedEvents, feedOwner } from "~/server/events/ical-feed.server";
import type { Route } from "./+types/feed-file";

/**
 * GET /calendar/feed/{token}.ics: the private feed calendar apps subscribe to (decision 059).
 * No session: the token is the credential, so an unknown or revoked one is simply 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = (params.file ?? "").replace(/\.ics$/, "");
  const userId = await feedOwner(token);
  if (userId === null) return new Response("Not Found", { status: 404 });
  const origin = new URL(request.url).origin;
  const body = buildCalendar("SchoolHub", await feedEvents(userId, origin));
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
