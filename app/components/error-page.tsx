import { Component, type ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { isChunkLoadError, reloadAfterChunkError } from "~/lib/chunk-reload";
import { useTranslation } from "~/lib/i18n-lite/react";
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

  if (status === 404)
    return <ErrorMessage title={t("errors.notFoundTitle")} body={t("errors.notFoundUrl", { path: pathname })} />;
  if (status === 500) return <ErrorMessage title={t("errors.serverTitle")} body={t("errors.serverBody")} />;
  return <ErrorMessage title={t("errors.otherTitle")} body={t("errors.status", { status })} />;
}

/** One error's page: its title (in the tab too), what happened, and the way home. */
function ErrorMessage({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="error-page">
      <title>{`${title} · ${t("appName")}`}</title>
      <h1>{title}</h1>
      <p>{body}</p>
      <HomeLink label={t("errors.goHome")} />
    </main>
  );
}

function HomeLink({ label }: { label: string }) {
  return (
    <p>
      <a href="/" className="standalone-link">
        {label}
      </a>
    </p>
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
        <HomeLink label={common.errors.goHome} />
      </main>
    );
  }
}
