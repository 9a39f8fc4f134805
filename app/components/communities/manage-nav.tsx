import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

/** The manage pages' navigation (owners and managers only). */
export function ManageNav({ communityId, name }: { communityId: number; name: string }) {
  const { t } = useTranslation("communities");
  const base = `/communities/${communityId}/manage`;
  const links = [
    [base, t("manage.overview")],
    [`${base}/edit`, t("manage.edit")],
    [`${base}/members`, t("manage.members")],
    [`${base}/posts`, t("manage.posts")],
    [`${base}/requests`, t("manage.requests")],
    [`${base}/reports`, t("manage.reports")],
    [`${base}/invite`, t("manage.invite")],
    [`${base}/roster`, t("manage.roster")],
    [`${base}/families`, t("manage.families")],
  ] as const;
  return (
    <nav aria-label={t("manage.nav", { name })} className="manage-nav">
      <NavLink to={`/communities/${communityId}`} end>
        {name}
      </NavLink>
      {links.map(([to, label]) => (
        <NavLink key={to} to={to} end>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
