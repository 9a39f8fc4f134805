import { useTranslation } from "react-i18next";
import { UserAvatar } from "~/components/layout/user-avatar";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import profile from "~/locales/en/profile.json";
import { getInstance } from "~/middleware/i18next";
import { type FriendEntry, listFriendships } from "~/server/users/friends-list.server";
import type { Route } from "./+types/friends";

registerNamespace("profile", profile);

/** /profile/friends: friends and pending requests, read-only until the friends issue. */
export async function loader({ context }: Route.LoaderArgs) {
  const lists = await listFriendships(context.get(userContext)!.id);
  return { metaTitle: getInstance(context).t("profile:friends.metaTitle"), ...lists };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

function PeopleList({
  id,
  title,
  empty,
  people,
  dateLabel,
}: {
  id: string;
  title: string;
  empty: string;
  people: FriendEntry[];
  dateLabel: (date: string) => string;
}) {
  const { i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <ul className="people-list">
          {people.map((person) => (
            <li key={person.id} className="person">
              <UserAvatar name={person.name} avatar={person.avatar} />
              <div>
                <strong>{person.name}</strong>
                {person.username ? <span className="hint"> @{person.username}</span> : null}
                <p className="hint">{dateLabel(date.format(person.since))}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Friends({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  return (
    <main id="main" className="friends">
      <h1>{t("friends.title")}</h1>
      <PeopleList
        id="friends-list"
        title={t("friends.listTitle")}
        empty={t("friends.empty")}
        people={loaderData.friends}
        dateLabel={(date) => t("friends.friendsSince", { date })}
      />
      <PeopleList
        id="friends-incoming"
        title={t("friends.incomingTitle")}
        empty={t("friends.incomingEmpty")}
        people={loaderData.incoming}
        dateLabel={(date) => t("friends.requestedOn", { date })}
      />
      <PeopleList
        id="friends-outgoing"
        title={t("friends.outgoingTitle")}
        empty={t("friends.outgoingEmpty")}
        people={loaderData.outgoing}
        dateLabel={(date) => t("friends.requestedOn", { date })}
      />
    </main>
  );
}
