import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

const pages = [
  { to: "/about", key: "index" },
  { to: "/about/aup", key: "aup" },
  { to: "/about/privacy", key: "privacy" },
  { to: "/about/terms", key: "terms" },
  { to: "/about/contact", key: "contact" },
] as const;

/** The five About pages (SPEC §2). NavLink marks the current one (class "active", aria-current). */
export function AboutNav() {
  const { t } = useTranslation("about");
  return (
    <nav className="about-nav" aria-label={t("nav.label")}>
      {pages.map((page) => (
        // `end` so /about is not also "current" on every page below it.
        <NavLink key={page.key} to={page.to} end>
          {t(`nav.${page.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
