import about from "./en/about.json";
import api from "./en/api.json";
import auth from "./en/auth.json";
import common from "./en/common.json";
import dev from "./en/dev.json";
import events from "./en/events.json";
import feed from "./en/feed.json";
import home from "./en/home.json";
import people from "./en/people.json";
import profile from "./en/profile.json";
import register from "./en/register.json";
import schools from "./en/schools.json";
import settings from "./en/settings.json";

/** Every namespace, for the server. The browser loads each with the route that uses it. */
export default {
  en: { common, about, api, auth, dev, feed, home, people, profile, register, settings, schools, events },
};
