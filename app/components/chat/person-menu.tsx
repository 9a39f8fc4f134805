import { Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { BlockControl } from "../friends/block-control";
import { iconClass } from "../icons";

/**
 * The "…" menu of a direct chat's header (decision 177): Block (and what else acts on the other
 * person) lives here rather than beside the name, so at 360 px the header keeps its width for
 * the name. A <details>, so it opens without JavaScript; Block's confirmation works either way.
 */
export function ChatPersonMenu({ user, blocked }: { user: { id: number; name: string }; blocked: boolean }) {
  const { t } = useTranslation("chat");
  const label = t("personMenu", { name: user.name });
  const back = encodeURIComponent(useLocation().pathname);
  return (
    <details className="menu chat-person-menu">
      <summary className={`menu-trigger ${iconClass("dots")}`} aria-label={label} title={label} />
      <div className="menu-panel item-menu-panel">
        <BlockControl user={user} blocked={blocked} />
        <Link to={`/report?type=user&id=${user.id}&back=${back}`}>{t("reportPerson")}</Link>
      </div>
    </details>
  );
}
