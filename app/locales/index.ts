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
import home from "./en/home.json";
import inbox from "./en/inbox.json";
import people from "./en/people.json";
import profile from "./en/profile.json";
import register from "./en/register.json";
import schools from "./en/schools.json";
import settings from "./en/settings.json";

/** Every namespace, for the server. The browser loads each with the route that uses it. */
export default {
  en: {
    common,
    communities,
    content,
    about,
    account,
    api,
    auth,
    chat,
    dev,
    events,
    feed,
    home,
    inbox,
    people,
    profile,
    register,
    schools,
    settings,
  },
};
