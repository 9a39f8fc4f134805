import { Link } from "react-router";
import { UnblockForm } from "~/components/friends/block-control";
import { UserAvatar } from "~/components/layout/user-avatar";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import friends from "~/locales/en/friends.json";

registerNamespace("friends", friends);

type Blocked = { id: number; name: string; username: string | null; avatar: string };

/** Settings: the people the user blocked, each with Unblock (decision 160). */
export function BlockedSection({ people }: { people: Blocked[] }) {
  const { t } = useTranslation("friends");
  return (
    <section id="settings-blocked" aria-labelledby="settings-blocked-heading" className="settings-section">
      <h2 id="settings-blocked-heading">{t("block.title")}</h2>
      <p>{t("block.lead")}</p>
      {people.length === 0 ? (
        <p className="hint">{t("block.none")}</p>
      ) : (
        <ul className="blocked-list">
          {people.map((person) => (
            <li key={person.id} className="blocked-person">
              <UserAvatar name={person.name} avatar={person.avatar} size="small" />
              <Link to={`/users/${person.id}`}>{person.name}</Link>
              <UnblockForm
                userId={person.id}
                returnTo="/profile/settings#settings-blocked"
                label={t("block.unblock")}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
