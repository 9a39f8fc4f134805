import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createCookie, type RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { type Translate, toTranslate } from "~/lib/translate";
import resources from "~/locales";

/** The locale preference cookie lasts 365 days (SPEC §9). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Third root middleware (SPEC §2). Only English exists (SPEC §9). */
export const [i18nextMiddleware, getLocale, getMiddlewareInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: ["en"],
    fallbackLanguage: "en",
    cookie: localeCookie,
  },
  i18next: {
    resources,
    defaultNS: "common",
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});

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
  try {
    return getMiddlewareInstance(context);
  } catch {
    if (!fallback) {
      fallback = createInstance({
        resources,
        lng: "en",
        fallbackLng: "en",
        defaultNS: "common",
        interpolation: { escapeValue: false },
      });
      fallback.use(initReactI18next).init();
    }
    return fallback;
  }
}

/**
 * The one way a route hands a service its translator: the request's i18next as a Translate
 * (~/lib/translate.ts), so services take plain `t(key, values)` with full "ns:key" keys.
 */
export function translatorFor(context: Readonly<RouterContextProvider>): Translate {
  return toTranslate(getInstance(context).t);
}
