import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/** The logo is 32 px high and always leads home (SPEC §2, §9). */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="logo" aria-label={t("nav.home")}>
      {/* The mark is drawn by CSS (guest.css `.logo::before`, `::after`): four SVG elements and
          thirteen attributes less in every page (decision 227). */}
      <span className="logo-text">{t("appName")}</span>
    </Link>
  );
}
