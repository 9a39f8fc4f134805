import { Link } from "react-router";
import { FormError } from "~/components/form/field";
import { AvatarSection } from "~/components/settings/avatar-section";
import { BlockedSection } from "~/components/settings/blocked-section";
import { CalendarFeedSection } from "~/components/settings/calendar-feed-section";
import { DeleteSection } from "~/components/settings/delete-section";
import { EmailSection } from "~/components/settings/email-section";
import { ExportSection } from "~/components/settings/export-section";
import { LanguageSection } from "~/components/settings/language-section";
import { PasswordSection } from "~/components/settings/password-section";
import { ProfileSection } from "~/components/settings/profile-section";
import { ThemeSection } from "~/components/settings/theme-section";
import { TimeZoneSection } from "~/components/settings/time-zone-section";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import accountTexts from "~/locales/en/account.json";
import settings from "~/locales/en/settings.json";
import { getInstance, getLocale } from "~/middleware/i18next";
import { listExports } from "~/server/exports/exports.server";
import { listBlocked } from "~/server/friends/blocks.server";
import { getAccountSettings } from "~/server/settings/settings.server";
import { timeZoneNames, viewerZone } from "~/server/users/time-zone.server";
import settingsStyles from "~/styles/settings.css?url";
import type { Route } from "./+types/settings";
import { settingsAction } from "./settings-action.server";

registerNamespace("account", accountTexts);
registerNamespace("settings", settings);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

// The signed-in layout guarantees a signed-in user on this page.
const actingUser = (context: Route.LoaderArgs["context"]) => context.get(userContext)!;

export async function loader({ request, context }: Route.LoaderArgs) {
  // Both join the request's one D1 round trip (decision 104).
  const [account, blocked, exports] = await Promise.all([
    getAccountSettings(actingUser(context).id),
    listBlocked(actingUser(context).id),
    listExports(actingUser(context).id),
  ]);
  if (!account) throw new Response(null, { status: 404 });
  // The session user's avatar is already a URL (or "default").
  return {
    metaTitle: getInstance(context).t("settings:metaTitle"),
    account,
    blocked,
    exports,
    avatar: actingUser(context).avatar,
    // The zone pages are written in now: the account's, else the browser's (decision 121).
    timeZone: viewerZone(actingUser(context), request).zone,
    timeZones: timeZoneNames(),
    // The language the page is in: the account's, unless ?lng= asked for another.
    language: getLocale(context),
  };
}

/** The page has its own theme picker: the footer leaves its one out (one per page). */
export const handle: DescriptionHandle & { ownThemePicker: boolean } = {
  ownThemePicker: true,
  description: "settings:metaDescription",
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context, actingUser(context));
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const { t: tPeople } = useTranslation("friends");
  const { account } = loaderData;
  const { t: tEvents } = useTranslation("events");
  // The local navigation, in page order; the ids are the sections' own.
  const sections = [
    ["settings-profile", t("profile.title")],
    ["settings-avatar", tPeople("avatar.title")],
    ["settings-email", t("email.title")],
    ["settings-password", t("password.title")],
    ["settings-theme", t("theme.title")],
    ["settings-language", t("language.title")],
    ["settings-timeZone", t("timeZone.title")],
    ["calendar-feed", tEvents("feed.title")],
    ["settings-blocked", tPeople("block.title")],
    ["settings-export", t("export.title")],
    ["settings-delete", t("delete.title")],
  ] as const;
  const failureFor = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  return (
    <main id="main" className="settings">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      <p>
        <Link className="standalone-link" to="/profile">
          {t("toProfile")}
        </Link>
      </p>
      <p>
        <Link className="standalone-link" to="/profile/settings/notifications">
          {t("toNotifications")}
        </Link>
      </p>
      {actionData && actionData.intent === null ? <FormError error={actionData.formError} /> : null}
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t("sectionsLabel")}>
          <ul>
            {sections.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-sections">
          <ProfileSection name={account.name} username={account.username} failure={failureFor("profile")} />
          <AvatarSection name={account.name} avatar={loaderData.avatar} failure={failureFor("avatar")} />
          <EmailSection
            email={account.email}
            pendingEmail={account.pendingEmail}
            hasPassword={account.hasPassword}
            failure={failureFor("email")}
          />
          <PasswordSection hasPassword={account.hasPassword} failure={failureFor("password")} />
          <ThemeSection theme={account.theme} failure={failureFor("theme")} />
          <LanguageSection language={loaderData.language} failure={failureFor("language")} />
          <TimeZoneSection
            timeZone={loaderData.timeZone}
            zones={loaderData.timeZones}
            failure={failureFor("timeZone")}
          />
          <CalendarFeedSection />
          <BlockedSection people={loaderData.blocked} />
          <ExportSection exports={loaderData.exports} />
          <DeleteSection hasPassword={account.hasPassword} failure={failureFor("delete")} />
        </div>
      </div>
    </main>
  );
}
