import { waitUntil } from "cloudflare:workers";
import { and, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "~/context";
import { isValidTimeZone } from "~/lib/calendar/time-zone";
import type { Clock } from "~/lib/date-format";
import type { Translate } from "~/lib/translate";
import { zoneWindow } from "~/lib/zone-window";
import { single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { afterResponse } from "~/server/db/round-trips.server";
import { type Actor, runAs, tokenIsCurrent } from "./session-user.server";

/**
 * The viewer's IANA zone from the `tz` cookie (set by ZoneSync), if any (decision 056). Pages
 * fall back to the zone of the events they show, which is their community's.
 */
export function cookieZone(request: Request): string | null {
  const match = /(?:^|;\s*)tz=([^;]+)/.exec(request.headers.get("Cookie") ?? "");
  if (!match) return null;
  let zone = "";
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isValidTimeZone(zone) ? zone : null;
}

/**
 * The zone a signed-in page is written in (decision 121): the account's, else the browser's
 * (the `tz` cookie its first page sets), else UTC until the browser says. `known` is false only
 * in that last case: the root then lets the browser set the cookie and reload the data once.
 */
export function viewerZone(user: Pick<SessionUser, "timeZone"> | null, request: Request) {
  const stored = user?.timeZone && isValidTimeZone(user.timeZone) ? user.timeZone : null;
  const fromCookie = stored ? null : cookieZone(request);
  return { zone: stored ?? fromCookie ?? "UTC", known: Boolean(stored ?? fromCookie), fromCookie };
}

/** The zone the viewer has told us (the account's, else the browser's), or null: calendars then use their events' own. */
export function knownZone(user: Pick<SessionUser, "timeZone"> | null, request: Request): string | null {
  const zone = viewerZone(user, request);
  return zone.known ? zone.zone : null;
}

/**
 * The browser's zone becomes the account's the first time it is seen (its first visit), after
 * the response: a signed-in page stays one D1 round trip. Only an account without one is
 * changed, so settings always win.
 */
export function rememberBrowserZone(userId: number, zone: string) {
  const users = schema.users;
  waitUntil(
    afterResponse(() =>
      single(
        getDb()
          .update(users)
          .set({ timeZone: zone })
          .where(and(eq(users.id, userId), isNull(users.timeZone))),
      ).then(
        () => undefined,
        (error: unknown) => console.error("rememberBrowserZone", error),
      ),
    ),
  );
}

/** Settings: the zone chosen from the list. */
export async function setTimeZone(actor: Actor, zone: string): Promise<"saved"> {
  const users = schema.users;
  await runAs(
    actor,
    getDb()
      .update(users)
      .set({ timeZone: zone })
      .where(and(eq(users.id, actor.id), tokenIsCurrent(actor.id, actor.tokenVersion))),
  );
  return "saved";
}

/** Every IANA zone this runtime knows, for the settings list; UTC first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((name) => name !== "UTC")];
}

/**
 * The clock's words by language: the texts are built into the Worker, so a language's words are
 * the same for every request of this isolate; translated once, not three times a page (decision 188).
 */
const clockWords = new Map<string, Clock["words"]>();

function wordsIn(language: string, t: Translate): Clock["words"] {
  let words = clockWords.get(language);
  if (!words) {
    words = {
      justNow: t("common:time.justNow"),
      minutes: t("common:time.minutes", { n: "{{n}}" }),
      yesterday: t("common:time.yesterday", { time: "{{time}}" }),
    };
    // Kept only when found: a missing text (i18next answers its key) is asked for again.
    if (words.justNow !== "common:time.justNow") clockWords.set(language, words);
  }
  return words;
}

/** The page's clock (see Clock): the zone's window, the instant and the words, translated here. */
export function clockFor(zone: string, language: string, t: Translate, now = Date.now()): Clock {
  return { zone, ...zoneWindow(zone, now), now, language, words: wordsIn(language, t) };
}
