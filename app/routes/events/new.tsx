import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { EventForm } from "~/components/events/event-form";
import { userContext } from "~/context";
import { toInputs } from "~/lib/calendar/time-zone";
import { defaultZone } from "~/lib/calendar/zones";
import { formFailure } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { parseId } from "~/lib/forms/schools";
import { registerNamespace } from "~/lib/i18n-client";
import events from "~/locales/en/events.json";
import { getInstance } from "~/middleware/i18next";
import { notifyEventChange } from "~/server/events/event-notifications.server";
import { createEvent } from "~/server/events/events.server";
import { listManagedCommunities } from "~/server/events/managers.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import calendarStyles from "~/styles/calendar.css?url";
import { cookieZone } from "../../server/events/viewer-zone.server";
import type { Route } from "./+types/new";
import { readEventForm } from "./event-form.server";
import { notifyContext } from "./notify-context.server";

registerNamespace("events", events);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

/** /calendar/new?community={id}: a manager adds an event to one of their communities. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const communities = await listManagedCommunities(user.id);
  if (communities.length === 0) throw data(null, { status: 403, statusText: "Forbidden" });
  const wanted = parseId(new URL(request.url).searchParams.get("community") ?? undefined);
  const chosen = communities.find((community) => community.id === wanted) ?? communities[0]!;
  const zone = defaultZone(chosen.state, cookieZone(request));
  const tomorrow = toInputs(Date.now() + 86_400_000, zone);
  const t = getInstance(context).getFixedT(null, "events");
  return {
    metaTitle: t("new.title"),
    communities: communities.map(({ id, name }) => ({ id, name })),
    values: {
      community: String(chosen.id),
      timeZone: zone,
      startDate: tomorrow.date,
      startTime: "18:00",
      recurrence: "none",
    },
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const formData = await readFormData(request);
  const communityId = parseId(String(formData.get("community") ?? ""));
  const form = readEventForm(formData);
  if (!form.ok) return data({ failure: form }, { status: 400 });
  if (communityId === null) return data({ failure: formFailure(formData, "events:errors.forbidden") }, { status: 403 });
  const created = await createEvent(user, communityId, form.input);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (!created.ok && created.reason === "revoked") return signInRedirect(url);
  if (!created.ok) return data({ failure: formFailure(formData, "events:errors.forbidden") }, { status: 403 });
  notifyEventChange(created.value, "created", user.id, notifyContext(request, context));
  return redirect(`/calendar/events/${created.value}`, {
    headers: await flashToast(request, { kind: "success", key: "events:event.created" }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("events");
  return (
    <main id="main" className="event-page">
      <p>
        <Link to="/calendar">{t("title")}</Link>
      </p>
      <h1>{t("new.title")}</h1>
      <EventForm
        values={loaderData.values}
        failure={actionData?.failure}
        submitLabel={t("new.submit")}
        communities={loaderData.communities}
      />
    </main>
  );
}
