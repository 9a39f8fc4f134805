import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useLocation } from "react-router";
import { isChunkLoadError, reloadAfterChunkError } from "~/lib/chunk-reload";
import common from "~/locales/en/common.json";

/**
 * The texts of SPEC §2 "Error page", chosen by status: 404, 500, or anything else. The error
 * has no route meta, so the page names itself (React hoists <title> into the head).
 */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageFallback>
      <ErrorPageContent error={error} />
    </ErrorPageFallback>
  );
}

function ErrorPageContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Routing errors keep their status; anything thrown that is not a response is a 500.
  const status = isRouteErrorResponse(error) ? error.status : 500;

  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadAfterChunkError();
  if (status >= 500 && !isRouteErrorResponse(error)) console.error(error);

  if (status === 404) {
    return (
      <main id="main" className="error-page">
        <title>{`${t("errors.notFoundTitle")} · ${t("appName")}`}</title>
        <h1>{t("errors.notFoundTitle")}</h1>
        <p>{t("errors.notFoundUrl", { path: pathname })}</p>
        <p>
          <a href="/" className="standalone-link">
            {t("errors.goHome")}
          </a>
        </p>
      </main>
    );
  }
  if (status === 500) {
    return (
      <main id="main" className="error-page">
        <title>{`${t("errors.serverTitle")} · ${t("appName")}`}</title>
        <h1>{t("errors.serverTitle")}</h1>
        <p>{t("errors.serverBody")}</p>
        <p>
          <a href="/" className="standalone-link">
            {t("errors.goHome")}
          </a>
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="error-page">
      <title>{`${t("errors.otherTitle")} · ${t("appName")}`}</title>
      <h1>{t("errors.otherTitle")}</h1>
      <p>{t("errors.status", { status })}</p>
      <p>
        <a href="/" className="standalone-link">
          {t("errors.goHome")}
        </a>
      </p>
    </main>
  );
}

/**
 * Last resort when the error page itself throws. It reads the locale file directly, since
 * i18next may be the very thing that failed.
 */
class ErrorPageFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="error-page">
        <h1>{common.errors.boundaryFailed}</h1>
        <p>
          <a href="/" className="standalone-link">
            {common.errors.goHome}
          </a>
        </p>
      </main>
    );
  }
}
