import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";

export type SchoolItem = {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  district: string | null;
  kind: string;
  following?: boolean;
};

/** A list of schools: name (a link), kind, city and state, district. */
export function SchoolList({ schools, label }: { schools: SchoolItem[]; label?: string }) {
  const { t } = useTranslation("schools");
  return (
    <ul className="school-list" aria-label={label}>
      {schools.map((school) => (
        <li key={school.id} className="school-item">
          <Link to={`/schools/${school.id}`} className="school-name">
            {school.name}
          </Link>
          <span className="hint">
            {[
              t(`kinds.${school.kind}`, { defaultValue: school.kind }),
              [school.city, school.state].filter(Boolean).join(", "),
              school.district,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
          {school.following ? <span className="school-badge">{t("school.following")}</span> : null}
        </li>
      ))}
    </ul>
  );
}
