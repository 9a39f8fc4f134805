import { LANGUAGES } from "~/lib/languages";
import about from "./en/about.json";
import account from "./en/account.json";
import api from "./en/api.json";
import auth from "./en/auth.json";
import chat from "./en/chat.json";
import common from "./en/common.json";
import communities from "./en/communities.json";
import content from "./en/content.json";
import dev from "./en/dev.json";
import events from "./en/events.json";
import families from "./en/families.json";
import feed from "./en/feed.json";
import friends from "./en/friends.json";
import home from "./en/home.json";
import inbox from "./en/inbox.json";
import invitations from "./en/invitations.json";
import moderation from "./en/moderation.json";
import notifications from "./en/notifications.json";
import policies from "./en/policies.json";
import profile from "./en/profile.json";
import pwa from "./en/pwa.json";
import register from "./en/register.json";
import schools from "./en/schools.json";
import authServer from "./en/server/auth.json";
import chatServer from "./en/server/chat.json";
import commonServer from "./en/server/common.json";
import communitiesServer from "./en/server/communities.json";
import contentServer from "./en/server/content.json";
import eventsServer from "./en/server/events.json";
import friendsServer from "./en/server/friends.json";
import inboxServer from "./en/server/inbox.json";
import invitationsServer from "./en/server/invitations.json";
import moderationServer from "./en/server/moderation.json";
import notificationsServer from "./en/server/notifications.json";
import profileServer from "./en/server/profile.json";
import pwaServer from "./en/server/pwa.json";
import registerServer from "./en/server/register.json";
import schoolsServer from "./en/server/schools.json";
import settingsServer from "./en/server/settings.json";
import settings from "./en/settings.json";
import { withServerTexts } from "./server-texts";

type Texts = { [key: string]: unknown };

const english = {
  common: withServerTexts(common, commonServer),
  communities: withServerTexts(communities, communitiesServer),
  content: withServerTexts(content, contentServer),
  about,
  account,
  api,
  auth: withServerTexts(auth, authServer),
  chat: withServerTexts(chat, chatServer),
  dev,
  events: withServerTexts(events, eventsServer),
  families,
  feed,
  home,
  inbox: withServerTexts(inbox, inboxServer),
  moderation: withServerTexts(moderation, moderationServer),
  notifications: withServerTexts(notifications, notificationsServer),
  invitations: withServerTexts(invitations, invitationsServer),
  policies,
  friends: withServerTexts(friends, friendsServer),
  profile: withServerTexts(profile, profileServer),
  pwa: withServerTexts(pwa, pwaServer),
  register: withServerTexts(register, registerServer),
  schools: withServerTexts(schools, schoolsServer),
  settings: withServerTexts(settings, settingsServer),
};

// The other languages' files, found by path (app/locales/<code>/<ns>.json and <code>/server/):
// a namespace a language lacks is left out, and i18next falls back to English key by key.
const browserFiles = import.meta.glob<Texts>(["./*/*.json", "!./en/*.json"], { eager: true, import: "default" });
const serverFiles = import.meta.glob<Texts>(["./*/server/*.json", "!./en/server/*.json"], {
  eager: true,
  import: "default",
});

/** Browser texts of one language's namespace, without the server-only ones (decision 099). */
export function browserTexts(code: string, namespace: string): Texts | undefined {
  return browserFiles[`./${code}/${namespace}.json`];
}

function translated(code: string) {
  const namespaces: Record<string, Texts> = {};
  for (const namespace of Object.keys(english)) {
    const shared = browserTexts(code, namespace);
    const server = serverFiles[`./${code}/server/${namespace}.json`];
    if (shared || server) namespaces[namespace] = withServerTexts(shared ?? {}, server ?? {});
  }
  return namespaces;
}

/**
 * Every namespace of every language (app/lib/languages.ts), for the server. The browser loads each
 * namespace with the route that uses it, in its language, without the texts only the server
 * renders (notices, page titles, API errors): those sit in <code>/server/<namespace>.json and
 * join their namespace here, under the same keys (decision 099).
 */
export default {
  ...Object.fromEntries(LANGUAGES.filter(({ code }) => code !== "en").map(({ code }) => [code, translated(code)])),
  en: english,
} as { en: typeof english } & Record<string, Record<string, Texts>>;
