import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadHandler } from "~/lib/chunk-reload";
import { loadPageTexts } from "~/lib/i18n-client";
import { TranslationsProvider } from "~/lib/i18n-lite/react";
import { browserTranslations } from "~/lib/i18n-lite/translations";
import { addLimitFormat, TEXT_VALUES } from "~/lib/text-values";
import common from "~/locales/en/common.json";

installChunkReloadHandler();

// The shell's texts ship with the entry; each route brings its own namespace.
addLimitFormat(browserTranslations);
browserTranslations
  .init({
    lng: document.documentElement.lang || "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common } },
    interpolation: { defaultVariables: TEXT_VALUES },
  })
  // A page in another language than English waits for its texts, so it hydrates as rendered.
  .then(() => loadPageTexts())
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <TranslationsProvider i18n={browserTranslations}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </TranslationsProvider>,
      );
    });
  });
