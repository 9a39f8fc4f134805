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
import feed from "./en/feed.json";
import friends from "./en/friends.json";
import home from "./en/home.json";
import inbox from "./en/inbox.json";
import notifications from "./en/notifications.json";
import profile from "./en/profile.json";
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
import notificationsServer from "./en/server/notifications.json";
import profileServer from "./en/server/profile.json";
import registerServer from "./en/server/register.json";
import schoolsServer from "./en/server/schools.json";
import settingsServer from "./en/server/settings.json";
import settings from "./en/settings.json";
import { withServerTexts } from "./server-texts";

/**
 * Every namespace, for the server. The browser loads each with the route that uses it, without
 * the texts only the server renders (notices, page titles, API errors): those sit in
 * en/server/<namespace>.json and join their namespace here, under the same keys (decision 099).
 */
export default {
  en: {
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
    feed,
    home,
    inbox: withServerTexts(inbox, inboxServer),
    notifications: withServerTexts(notifications, notificationsServer),
    friends: withServerTexts(friends, friendsServer),
    profile: withServerTexts(profile, profileServer),
    register: withServerTexts(register, registerServer),
    schools: withServerTexts(schools, schoolsServer),
    settings: withServerTexts(settings, settingsServer),
  },
};
