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
}: {
  avatar: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li className="person-row">
      <div className="person-row-who">
        {avatar}
        <div className="person-row-text">{children}</div>
      </div>
      {actions ? <div className="person-row-actions">{actions}</div> : null}
    </li>
  );
}
