import { data } from "react-router";
import { userContext } from "~/context";
import { buildCalendar } from "~/lib/calendar/ical";
import { getEventPage } from "~/server/events/event-page.server";
import { eventIcal } from "~/server/events/ical-feed.server";
import type { Route } from "./+types/event-ics";
import { eventIdOf } from "./event-request.server";

/** GET /calendar/events/{id}/ics: the event (a year of its dates) as a .ics download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const page = await getEventPage(eventIdOf(params), user.id);
  if (!page || page.event.cancelledAt !== null) throw data(null, { status: 404 });
  const body = buildCalendar(page.event.title, eventIcal(page, new URL(request.url).origin));
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${page.event.id}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
