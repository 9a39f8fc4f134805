import { initReactI18next } from "react-i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import resources from "~/locales";

/** The locale preference cookie lasts 365 days (SPEC §9). */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Third root middleware (SPEC §2). Only English exists (SPEC §9). */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
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
