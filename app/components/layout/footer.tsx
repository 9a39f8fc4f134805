import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { Theme } from "~/lib/themes";
import { ThemeSwitch } from "./theme-switch";

/**
 * SPEC §2, §9: the footer shows the app version and the 2018-2023 copyright years, and the
 * theme picker on guests' pages (`theme` null: signed in, the theme is chosen in settings).
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
      {theme ? <ThemeSwitch current={theme} /> : null}
      <p className="footer-meta">
        <span>{t("footer.copyright", { appName: t("appName") })}</span>
        <span>{t("footer.version", { version: appVersion })}</span>
      </p>
    </footer>
  );
}
