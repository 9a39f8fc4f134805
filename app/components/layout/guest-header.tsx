import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { Logo } from "./logo";

/** Guests see only About and Login (SPEC §1, §2). */
export function GuestHeader() {
  const { t } = useTranslation();
  return (
    <header className="header">
      <Logo />
      <nav className="header-nav" aria-label={t("nav.mainNavigation")}>
        <NavLink to="/about" className="header-link">
          {t("nav.about")}
        </NavLink>
        <NavLink to="/login" className="header-link button button-small">
          {t("nav.login")}
        </NavLink>
      </nav>
    </header>
  );
}
