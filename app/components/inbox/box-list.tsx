import { Link } from "react-router";
import { UserAvatar } from "~/components/layout/user-avatar";
import { useClock, When } from "~/lib/clock";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { BoxListing } from "~/server/inbox/inbox.server";

/** One mailbox page (decision 063): unread messages in bold, the newest first, "Older messages" by cursor. */
export function BoxList({ page }: { page: BoxListing }) {
  const { t } = useTranslation("inbox");
  const { t: tc } = useTranslation();
  const clock = useClock();
  if (page.data.length === 0) {
    return <p className="hint inbox-empty">{page.box === "inbox" ? t("list.emptyInbox") : t("list.emptySent")}</p>;
  }
  const nameOf = (name: string) => name || tc("unknownUser");
  return (
    <>
      <ul className="inbox-list" aria-label={t("list.label")}>
        {page.data.map((row) => {
          const who =
            page.box === "inbox"
              ? t("list.from", { name: nameOf(row.from.name) })
              : t("list.to", { names: row.to.map((person) => nameOf(person.name)).join(", ") });
          const avatar = page.box === "inbox" ? row.from : row.to[0];
          return (
            <li key={row.id} className={row.unread ? "inbox-row inbox-unread" : "inbox-row"}>
              <Link to={`/messagesold/${row.id}`} className="inbox-link">
                <UserAvatar name={avatar?.name} avatar={avatar?.avatar} size="small" />
                <span className="inbox-text">
                  <span className="inbox-subject" dir="auto">
                    {row.unread ? <span className="visually-hidden">{t("list.unread")}: </span> : null}
                    {row.subject}
                  </span>
                  <span className="inbox-who" dir="auto">
                    {who}
                  </span>
                </span>
                <span className="inbox-meta">
                  <When at={row.createdAt} clock={clock} />
                  {row.attachments > 0 ? (
                    <span className="inbox-files">{t("list.attachments", { count: row.attachments })}</span>
                  ) : null}
                </span>
              </Link>
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
