import type { ReactNode } from "react";

/**
 * One person in a list (decision 037): avatar and text, then the actions, which move to a row
 * of their own when both do not fit, as on a phone. Put it in a <ul className="people-list">;
 * any area that lists people (friends, members, requests, participants) uses it.
 */
export function PersonRow({
  avatar,
  children,
  actions,
  actionsClassName,
}: {
  avatar: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** A class the actions' box also takes (the friend controls' own, decision 221). */
  actionsClassName?: string;
}) {
  return (
    <li className="person-row">
      <div className="person-row-who">
        {avatar}
        <div className="person-row-text">{children}</div>
      </div>
      {actions ? (
        <div className={actionsClassName ? `person-row-actions ${actionsClassName}` : "person-row-actions"}>
          {actions}
        </div>
      ) : null}
    </li>
  );
}
