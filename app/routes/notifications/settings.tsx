import { data, Link, redirect } from "react-router";
import { NotificationSettingsForm } from "~/components/notifications/notification-settings-form";
import { PushSection } from "~/components/notifications/push-section";
import { userContext } from "~/context";
import { fromForm, notificationSettingsFormSchema } from "~/lib/forms/notification-settings";
import { type FormFailure, parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import notificationTexts from "~/locales/en/notifications.json";
import { getInstance } from "~/middleware/i18next";
import { getNotificationSettings, saveNotificationSettings } from "~/server/notifications/preferences.server";
import { pushPublicKey } from "~/server/notifications/push-config.server";
import { flashToast } from "~/server/session/session.server";
import { viewerZone } from "~/server/users/time-zone.server";
import settingsStyles from "~/styles/settings.css?url";
import type { Route } from "./+types/settings";

registerNamespace("notifications", notificationTexts);

const SETTINGS_PATH = "/profile/settings/notifications";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

// The signed-in layout guarantees a signed-in user on this page.
const actingUser = (context: Route.LoaderArgs["context"]) => context.get(userContext)!;

/** The "Notifications" settings page (issue 23 item 7): email, digests, quiet hours, this device. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings, pushDevices } = await getNotificationSettings(actingUser(context).id);
  return {
    metaTitle: getInstance(context).t("notifications:settings.metaTitle"),
    settings,
    pushDevices,
    zone: viewerZone(actingUser(context), request).zone,
    vapidKey: pushPublicKey(),
  };
}

export const handle: DescriptionHandle = { description: "notifications:settings.metaDescription" };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(notificationSettingsFormSchema, formData);
  if (!parsed.ok) return data<FormFailure>(parsed, { status: 400 });
  await saveNotificationSettings(actingUser(context), fromForm(parsed.data));
  return redirect(SETTINGS_PATH, {
    headers: await flashToast(request, { kind: "success", key: "notifications:settings.saved" }),
  });
}

export default function NotificationSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  return (
    <main id="main" className="settings">
      <h1>{t("settings.title")}</h1>
      <p>{t("settings.lead")}</p>
      <p>
        <Link className="standalone-link" to="/profile/settings">
          {t("settings.toSettings")}
        </Link>
      </p>
      <div className="settings-sections">
        <PushSection vapidKey={loaderData.vapidKey} devices={loaderData.pushDevices} />
        <NotificationSettingsForm settings={loaderData.settings} zone={loaderData.zone} failure={actionData} />
      </div>
    </main>
  );
}
