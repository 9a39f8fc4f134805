import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import { FALLBACK_LANGUAGE, LANGUAGES, type LanguageCode } from "~/lib/languages";
import { addLimitFormat, TEXT_VALUES } from "~/lib/text-values";
import { type Translate, toTranslate } from "~/lib/translate";
import resources from "~/locales";

/** The locale preference cookie lasts 365 days (SPEC §9). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Tags as browsers send them, lower-cased, to the language we have: "es-MX" → es, "zh-CN" → zh-Hans. */
const TAG_TO_LANGUAGE = new Map<string, LanguageCode>([
  ...LANGUAGES.map(({ code }) => [code.toLowerCase(), code] as [string, LanguageCode]),
  ["zh", "zh-Hans"],
  ["zh-cn", "zh-Hans"],
  ["zh-sg", "zh-Hans"],
]);

/** The language a tag asks for, or null: exact, else its primary subtag ("es-419" → es). */
export function languageFor(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  return TAG_TO_LANGUAGE.get(lower) ?? TAG_TO_LANGUAGE.get(lower.split("-")[0] ?? "") ?? null;
}

const I18NEXT_OPTIONS = {
  resources,
  defaultNS: "common",
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false, defaultVariables: TEXT_VALUES },
} as const;

const localeContext = createContext<string>(FALLBACK_LANGUAGE);
const instanceContext = createContext<i18n | null>(null);

/**
 * One i18next instance per locale for the isolate's lifetime, not one per request (decision
 * 044): every namespace is bundled, the instance is never mutated on the server (route modules
 * register their namespaces in the browser only), so requests can share it. One map holds each
 * locale's instance: the instance itself once its `init` has finished, which a request then takes
 * without waiting a turn (decision 226), and until then the promise of it, so that requests
 * arriving meanwhile share one `init` (decision 235: one map, not a map of promises beside one of
 * ready instances).
 */
const instances = new Map<string, i18n | Promise<i18n>>();

function instanceFor(lng: string): i18n | Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance(I18NEXT_OPTIONS);
    instance = created.init({ lng }).then(() => {
      addLimitFormat(created);
      instances.set(lng, created);
      return created;
    });
    instances.set(lng, instance);
  }
  return instance;
}

/** Accept-Language's tags by their weight (q), highest first. */
function acceptedLanguages(header: string | null) {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language a request names itself: ?lng= (a choice, remembered by the root loader's cookie),
 * then the account's; null when neither names one we have. The query is parsed only when the
 * address has one: a page asked without (most) gives the same answer without a URL parsed.
 */
function chosenLocale(request: Request, accountLocale?: string | null): LanguageCode | null {
  const chosen = request.url.includes("?") ? languageFor(new URL(request.url).searchParams.get("lng")) : null;
  return chosen ?? languageFor(accountLocale);
}

/**
 * ?lng= (a choice, remembered by the root loader's cookie), then the account's language, then
 * the cookie, then Accept-Language, then English (SPEC §9, issue 24). The guest cache keys by it.
 */
export async function detectLocale(request: Request, accountLocale?: string | null): Promise<LanguageCode> {
  // Asked in order, each only if the ones before it named no language we have: a signed-in
  // page names its account's, and reads neither the cookie nor Accept-Language (decision 218).
  const chosen = chosenLocale(request, accountLocale);
  if (chosen) return chosen;
  const candidates = [
    await localeCookie.parse(request.headers.get("Cookie")),
    ...acceptedLanguages(request.headers.get("Accept-Language")),
  ];
  for (const candidate of candidates) {
    const language = languageFor(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** Third root middleware (SPEC §2): after auth, so a signed-in user's own language wins. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // A signed-in page names its language and finds its instance ready: no turn waited for either.
  const accountLocale = context.get(userContext)?.locale;
  const locale = chosenLocale(request, accountLocale) ?? (await detectLocale(request, accountLocale));
  context.set(localeContext, locale);
  const instance = instanceFor(locale);
  context.set(instanceContext, instance instanceof Promise ? await instance : instance);
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>) {
  return context.get(localeContext);
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}

let fallback: i18n | undefined;

/**
 * The request's i18next instance. When an earlier middleware failed (say, configuration is
 * broken) the language middleware never ran; the error page still needs its texts.
 */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(instanceContext);
  if (instance) return instance;
  if (!fallback) {
    fallback = createInstance({ ...I18NEXT_OPTIONS, lng: FALLBACK_LANGUAGE });
    fallback.init();
    addLimitFormat(fallback);
  }
  return fallback;
}

/**
 * The one way a route hands a service its translator: the request's i18next as a Translate
 * (~/lib/translate.ts), so services take plain `t(key, values)` with full "ns:key" keys.
 */
export function translatorFor(context: Readonly<RouterContextProvider>): Translate {
  return toTranslate(getInstance(context).t);
}
