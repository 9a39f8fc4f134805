import { Link } from "react-router";
import { BoxList } from "~/components/inbox/box-list";
import { useLiveInbox } from "~/components/inbox/use-live-inbox";
import { userContext } from "~/context";
import { boxSchema } from "~/lib/forms/inbox";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import inbox from "~/locales/en/inbox.json";
import { getInstance } from "~/middleware/i18next";
import { useRootData } from "~/root";
import { runBatch } from "~/server/db/batch.server";
import { boxPagePart, shownBoxListing } from "~/server/inbox/inbox.server";
import stylesheet from "~/styles/inbox.css?url";
import type { Route } from "./+types/index";

registerNamespace("inbox", inbox);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** /messagesold (SPEC §2): the inbox, or the sent messages with `?box=sent`; `?cursor=` pages. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.get(userContext)!;
  const box = boxSchema.parse(url.searchParams.get("box") ?? "inbox");
  // The tab's unread total is the header's (the root loader's), not counted again (decision 190).
  const { page } = await runBatch({ page: boxPagePart(viewer.id, box, url.searchParams.get("cursor")) });
  return { metaTitle: getInstance(context).t("inbox:metaTitle"), page: shownBoxListing(page) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function MessagesOld({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("inbox");
  const { page } = loaderData;
  const unreadCount = useRootData()?.inboxUnread ?? 0;
  useLiveInbox();
  return (
    <main id="main" className="inbox">
      <div className="inbox-header">
        <h1>{t("heading")}</h1>
        <Link to="/messagesold/compose" className="button">
          {t("compose.new")}
        </Link>
      </div>
      <nav className="inbox-tabs" aria-label={t("tabs.label")}>
        <Link to="/messagesold" aria-current={page.box === "inbox" ? "page" : undefined}>
          {unreadCount > 0 ? t("tabs.inboxUnread", { count: unreadCount }) : t("tabs.inbox")}
        </Link>
        <Link to="/messagesold?box=sent" aria-current={page.box === "sent" ? "page" : undefined}>
          {t("tabs.sent")}
        </Link>
      </nav>
      <BoxList page={page} />
    </main>
  );
}
