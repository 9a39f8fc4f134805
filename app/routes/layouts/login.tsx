import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { Logo } from "~/components/layout/logo";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { SpinnerOverlay } from "~/components/layout/spinner-overlay";
import { Toasts } from "~/components/layout/toasts";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useRootData } from "~/root";

/** SPEC §2 "Login page" layout: a centred card, no sidebar. */
function LoginShell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="login-layout">
      {/* Above the card: in the page's flow on a narrow screen (decision 230). */}
      <Toasts toast={root?.toast ?? null} />
      <div className="login-card">
        {/* In the banner landmark, as every part of a page is in one (axe "region", decision 125). */}
        <header>
          <Logo />
        </header>
        {children}
        {/* A parent checking a children's service reaches the legal pages from here too. Plain
            links: those pages are documents without scripts that load whole (decisions 199, 227). */}
        <nav className="login-footer" aria-label={t("footer.aboutLinks")}>
          <a href="/about">{t("nav.about")}</a>
          <a href="/about/privacy">{t("footer.privacy")}</a>
          <a href="/about/terms">{t("footer.terms")}</a>
          <a href="/about/contact">{t("footer.contact")}</a>
        </nav>
      </div>
      <NavigationProgress />
      <SpinnerOverlay />
    </div>
  );
}

export default function LoginLayout() {
  return (
    <LoginShell>
      <Outlet />
    </LoginShell>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <LoginShell>
      <ErrorPage error={error} />
    </LoginShell>
  );
}
