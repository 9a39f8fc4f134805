import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { ACCOUNT_TEXT_VALUES } from "~/lib/account";
import { type Translate, toTranslate } from "~/lib/translate";
import resources from "~/locales";

/** The locale preference cookie lasts 365 days (SPEC §9). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const SUPPORTED_LANGUAGES = ["en"];
const FALLBACK_LANGUAGE = "en";

const I18NEXT_OPTIONS = {
  resources,
  defaultNS: "common",
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false, defaultVariables: ACCOUNT_TEXT_VALUES },
} as const;

const localeContext = createContext<string>(FALLBACK_LANGUAGE);
const instanceContext = createContext<i18n | null>(null);

/**
 * One i18next instance per locale for the isolate's lifetime, not one per request (decision
 * 044): every namespace is bundled, the instance is never mutated on the server (route modules
 * register their namespaces in the browser only), so requests can share it.
 */
const instances = new Map<string, Promise<i18n>>();

function instanceFor(lng: string): Promise<i18n> {
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance(I18NEXT_OPTIONS);
    instance = created.init({ lng }).then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}

function acceptedLanguages(header: string | null) {
  return (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase() ?? "")
    .flatMap((tag) => [tag, tag.split("-")[0] ?? ""])
    .filter(Boolean);
}

/** ?lng=, then the cookie, then Accept-Language, then English (SPEC §9). The guest cache keys by it. */
export async function detectLocale(request: Request) {
  const candidates = [
    new URL(request.url).searchParams.get("lng"),
    await localeCookie.parse(request.headers.get("Cookie")),
    ...acceptedLanguages(request.headers.get("Accept-Language")),
  ];
  return candidates.find((candidate) => SUPPORTED_LANGUAGES.includes(candidate)) ?? FALLBACK_LANGUAGE;
}

/** Third root middleware (SPEC §2). Only English exists (SPEC §9). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await detectLocale(request);
  context.set(localeContext, locale);
  context.set(instanceContext, await instanceFor(locale));
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
