import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { LANGUAGES } from "~/lib/languages";
import type { Theme } from "~/lib/themes";
import { ThemeSwitch } from "./theme-switch";

/**
 * SPEC §2, §9: the footer shows the app version and the 2018-2023 copyright years, and the
 * theme picker and the language switch on guests' pages (`theme` null: signed in, both are
 * chosen in settings). The switch is links (`?lng=`): no JavaScript, and the choice is kept in
 * the `lng` cookie for 365 days by the root loader (SPEC §9).
 */
export function Footer({ appVersion, theme }: { appVersion: string; theme: Theme | null }) {
  const { t } = useTranslation();
  return (
    <footer className="footer" id="footer">
      {/* Plain links: the About pages are documents without scripts (`hydrate: false`, decision
          043) that a browser loads whole, from the guest cache for a guest (decision 199). */}
      <nav aria-label={t("footer.aboutLinks")} className="footer-links">
        <a href="/about">{t("nav.about")}</a>
        <a href="/about/aup">{t("footer.aup")}</a>
        <a href="/about/privacy">{t("footer.privacy")}</a>
        <a href="/about/terms">{t("footer.terms")}</a>
        <a href="/about/contact">{t("footer.contact")}</a>
      </nav>
      {theme ? <LanguageSwitch /> : null}
      {theme ? <ThemeSwitch current={theme} /> : null}
      <p className="footer-meta">
        <span>{t("footer.copyright", { appName: t("appName") })}</span>
        <span>{t("footer.version", { version: appVersion })}</span>
      </p>
    </footer>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("footer.language")} className="footer-links language-switch">
      {LANGUAGES.map(({ code, name }) => (
        <a
          key={code}
          href={`${pathname}?lng=${code}`}
          lang={code}
          hrefLang={code}
          aria-current={code === i18n.language ? "true" : undefined}
        >
          {name}
        </a>
      ))}
    </nav>
  );
}
