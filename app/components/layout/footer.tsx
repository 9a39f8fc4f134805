import { Link, useLocation } from "react-router";
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
      <nav aria-label={t("footer.aboutLinks")} className="footer-links">
        <Link to="/about">{t("nav.about")}</Link>
        <Link to="/about/aup">{t("footer.aup")}</Link>
        <Link to="/about/privacy">{t("footer.privacy")}</Link>
        <Link to="/about/terms">{t("footer.terms")}</Link>
        <Link to="/about/contact">{t("footer.contact")}</Link>
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
