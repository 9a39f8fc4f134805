import { data } from "react-router";
import { userContext } from "~/context";
import { buildCalendar } from "~/lib/calendar/ical";
import { parseId } from "~/lib/forms/schools";
import { getEventPage } from "~/server/events/event-page.server";
import { eventIcal } from "~/server/events/feed.server";
import type { Route } from "./+types/event-ics";

/** GET /calendar/events/{id}/ics: the event (a year of its dates) as a .ics download. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const id = parseId(params.id);
  const page = id === null ? null : await getEventPage(id, user.id);
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
