import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/** The logo is 32 px high and always leads home (SPEC §2, §9). */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="logo" aria-label={t("nav.home")}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path d="M6 14 16 8l10 6-10 6z" fill="var(--on-accent)" />
        <path d="M10 17v5c3 2.5 9 2.5 12 0v-5l-6 3.5z" fill="var(--on-accent)" opacity=".85" />
      </svg>
      <span className="logo-text">{t("appName")}</span>
    </Link>
  );
}
