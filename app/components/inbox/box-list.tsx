import { Link } from "react-router";
import { avatarElement } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import { useLinkClicks } from "~/lib/link-clicks";
import type { ShownBoxListing } from "~/server/inbox/inbox.server";

/** One mailbox page (decision 063): unread messages in bold, the newest first, "Older messages" by cursor. */
export function BoxList({ page }: { page: ShownBoxListing }) {
  const { t } = useTranslation("inbox");
  const { t: tc } = useTranslation();
  const clock = useClock();
  const onClick = useLinkClicks();
  if (page.data.length === 0) {
    return <p className="hint inbox-empty">{page.box === "inbox" ? t("list.emptyInbox") : t("list.emptySent")}</p>;
  }
  const unknown = tc("unknownUser");
  const unreadLabel = `${t("list.unread")}: `;
  const nameOf = (name: string) => name || unknown;
  return (
    <>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: clicks on its links only, which keys reach as clicks */}
      <ul className="inbox-list" aria-label={t("list.label")} onClick={onClick}>
        {page.data.map((row, index) => {
          const names = row.people.map((person) => nameOf(person.name)).join(", ");
          const who = page.box === "inbox" ? t("list.from", { name: names }) : t("list.to", { names });
          const avatar = row.people[0];
          return (
            <li key={row.id} className={row.unread ? "inbox-row inbox-unread" : "inbox-row"}>
              {/* A plain link, its clicks sent by the list (decision 205); the link is the row's grid
                  (inbox.css), its texts' direction from their own first letters (decision 229). */}
              <a href={`/messagesold/${row.id}`} className="inbox-link" data-discover={index === 0 ? true : undefined}>
                {avatarElement(avatar?.name, avatar?.avatar, "small", null)}
                <span className="inbox-subject">
                  {row.unread ? <span className="visually-hidden">{unreadLabel}</span> : null}
                  {row.subject}
                </span>
                <span className="inbox-who">{who}</span>
                {When({ className: "inbox-time", at: row.createdAt, clock })}
                {row.attachments > 0 ? (
                  <span className="inbox-files">{t("list.attachments", { count: row.attachments })}</span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {page.nextCursor ? (
        <p className="inbox-more">
          <Link to={`?box=${page.box}&cursor=${encodeURIComponent(page.nextCursor)}`}>{t("list.older")}</Link>
        </p>
      ) : null}
    </>
  );
}
