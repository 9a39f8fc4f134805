import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadHandler } from "~/lib/chunk-reload";
import common from "~/locales/en/common.json";

installChunkReloadHandler();

// The shell's texts ship with the entry; each route brings its own namespace.
i18next
  .use(initReactI18next)
  .init({
    lng: document.documentElement.lang || "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common } },
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
