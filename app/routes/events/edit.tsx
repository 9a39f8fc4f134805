import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { ConfirmationPage } from "~/components/confirmation-page";
import { CalendarConfirm } from "~/components/events/calendar-confirm";
import { EventForm } from "~/components/events/event-form";
import { userContext } from "~/context";
import { longWhen } from "~/lib/calendar/format";
import { localToUtc, parseDateInput, parseTimeInput, toInputs } from "~/lib/calendar/time-zone";
import { moveOccurrenceSchema, occurrenceIntentSchema } from "~/lib/forms/events";
import { formFailure, parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import type { Toast } from "~/lib/toast";
import events from "~/locales/en/events.json";
import { getInstance } from "~/middleware/i18next";
import { notifyEventChange, notifyPromoted } from "~/server/events/event-notifications.server";
import { getEventPage } from "~/server/events/event-page.server";
import { cancelEvent, changeOccurrence, updateEvent } from "~/server/events/events.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import calendarStyles from "~/styles/calendar.css?url";
import type { Route } from "./+types/edit";
import { formValuesOf, readEventForm } from "./event-form.server";
import { eventIdOf } from "./event-request.server";
import { notifyContext } from "./notify-context.server";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

/**
 * /calendar/events/{id}/edit: managers edit the event, cancel it, or cancel or move one date of
 * a repeating event (decision 056). Cancelling asks first (DESIGN §1).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const page = await getEventPage(eventIdOf(params), user.id);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  if (!page.canManage || page.event.cancelledAt !== null) throw data(null, { status: 403, statusText: "Forbidden" });
  const t = getInstance(context).getFixedT(null, "events");
  return { metaTitle: t("edit.title"), event: page.event, values: formValuesOf(page.event), next: page.next };
}

const back = (id: number, toast: Toast, request: Request) =>
  flashToast(request, toast).then((headers) => redirect(`/calendar/events/${id}`, { headers }));

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const id = eventIdOf(params);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "save");
  const ctx = notifyContext(request, context);
  const forbidden = () =>
    data({ failure: formFailure(formData, "events:errors.forbidden"), confirm: null }, { status: 403 });
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  const signedOut = () => signInRedirect(url);

  if (intent === "save") {
    const form = readEventForm(formData);
    if (!form.ok) return data({ failure: form, confirm: null }, { status: 400 });
    const result = await updateEvent(user, id, form.input);
    if (!result.ok) return result.reason === "revoked" ? signedOut() : forbidden();
    notifyPromoted(id, result.value, ctx);
    notifyEventChange(id, "changed", user.id, ctx);
    return back(id, { kind: "success", key: "events:event.saved" }, request);
  }

  if (intent === "move") {
    const parsed = parseForm(moveOccurrenceSchema, formData);
    if (!parsed.ok) return data({ failure: parsed, confirm: null }, { status: 400 });
    const page = await getEventPage(id, user.id);
    if (!page?.canManage) return forbidden();
    const { event } = page;
    const date = parseDateInput(parsed.data.date)!;
    const time = parsed.data.time ? parseTimeInput(parsed.data.time)! : { hour: 0, minute: 0 };
    const startsAt = event.allDay
      ? Date.UTC(date.year, date.month - 1, date.day)
      : localToUtc({ ...date, ...time }, event.timeZone);
    const length = event.endsAt === null ? null : event.endsAt - event.startsAt;
    const moved = await changeOccurrence(user, id, parsed.data.occurrence, {
      startsAt,
      endsAt: length === null ? null : startsAt + length,
    });
    if (!moved.ok && moved.reason === "revoked") return signedOut();
    if (!moved.ok)
      return data({ failure: formFailure(formData, "events:errors.notAnOccurrence"), confirm: null }, { status: 400 });
    notifyEventChange(id, "changed", user.id, ctx);
    return back(id, { kind: "success", key: "events:occurrences.movedToast" }, request);
  }

  const parsed = parseForm(occurrenceIntentSchema, formData);
  // Only a tampered post gets here: every field is a hidden one or a button (decision 088).
  if (!parsed.ok) throw data(null, { status: 400 });
  const { confirmed, occurrence } = parsed.data;
  if (!confirmed) {
    return { failure: null, confirm: { intent: parsed.data.intent, occurrence: occurrence ?? null } };
  }
  if (parsed.data.intent === "cancelEvent") {
    const cancelled = await cancelEvent(user, id);
    if (!cancelled.ok) return cancelled.reason === "revoked" ? signedOut() : forbidden();
    notifyEventChange(id, "cancelled", user.id, ctx);
    return back(id, { kind: "success", key: "events:event.cancelled_toast" }, request);
  }
  if (occurrence === undefined) throw data(null, { status: 400 });
  const result = await changeOccurrence(user, id, occurrence, null);
  if (!result.ok && result.reason === "revoked") return signedOut();
  if (!result.ok) {
    return data(
      { failure: formFailure(formData, "events:errors.notAnOccurrence"), confirm: null },
      { status: result.reason === "forbidden" ? 403 : 400 },
    );
  }
  notifyEventChange(id, "changed", user.id, ctx);
  return back(id, { kind: "success", key: "events:occurrences.cancelledToast" }, request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("events");
  const { event, values, next } = loaderData;
  const action = `/calendar/events/${event.id}/edit`;
  const dateOf = (start: number) =>
    longWhen({ startsAt: start, endsAt: null, allDay: event.allDay }, event.timeZone, i18n.language);
  const confirm = actionData?.confirm;
  if (confirm) {
    const question =
      confirm.intent === "cancelEvent"
        ? t("event.cancelQuestion", { title: event.title })
        : t("occurrences.cancelQuestion", { date: dateOf(confirm.occurrence ?? event.startsAt) });
    const fields: Record<string, string> = { intent: confirm.intent };
    if (confirm.occurrence !== null) fields.occurrence = String(confirm.occurrence);
    return (
      <ConfirmationPage
        title={t("confirm.title")}
        question={question}
        fields={fields}
        confirmLabel={t("confirm.yes")}
        cancelLabel={t("confirm.no")}
        cancelTo={`/calendar/events/${event.id}`}
      />
    );
  }
  return (
    <main id="main" className="event-page">
      <p>
        <Link to={`/calendar/events/${event.id}`}>{event.title}</Link>
      </p>
      <h1>{t("edit.title")}</h1>
      <EventForm values={values} failure={actionData?.failure} submitLabel={t("edit.submit")} />
      {event.recurrence !== "none" ? (
        <section aria-labelledby="occurrences-heading">
          <h2 id="occurrences-heading">{t("occurrences.title")}</h2>
          <ul className="occurrence-list">
            {next.map((occurrence) => {
              const inputs = toInputs(occurrence.startsAt, event.allDay ? "UTC" : event.timeZone);
              const label = dateOf(occurrence.startsAt);
              return (
                <li key={occurrence.occurrenceStart}>
                  <span>
                    {label}
                    {occurrence.moved ? ` (${t("event.moved")})` : ""}
                  </span>
                  <Form
                    method="post"
                    action={action}
                    className="occurrence-move"
                    aria-label={`${t("occurrences.move")}: ${label}`}
                  >
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="occurrence" value={occurrence.occurrenceStart} />
                    <label>
                      {t("occurrences.newDate")}
                      <input type="date" name="date" defaultValue={inputs.date} required />
                    </label>
                    {event.allDay ? null : (
                      <label>
                        {t("occurrences.newTime")}
                        <input type="time" name="time" defaultValue={inputs.time} required />
                      </label>
                    )}
                    <button type="submit" className="button-secondary">
                      {t("occurrences.move")}
                    </button>
                  </Form>
                  <CalendarConfirm
                    action={action}
                    fields={{ intent: "cancelOccurrence", occurrence: String(occurrence.occurrenceStart) }}
                    question={t("occurrences.cancelQuestion", { date: label })}
                    secondary
                  >
                    {t("occurrences.cancel")}
                  </CalendarConfirm>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section className="event-actions">
        <CalendarConfirm
          action={action}
          fields={{ intent: "cancelEvent" }}
          question={t("event.cancelQuestion", { title: event.title })}
        >
          {t("event.cancel")}
        </CalendarConfirm>
      </section>
    </main>
  );
}
