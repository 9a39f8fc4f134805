import type { MailJob } from "~/server/mail/mail.server";
import type { DigestItem, DigestKind } from "./digest-items.server";
import { digestItemPath } from "./digest-items.server";
import { excerpt, kindMail, type MailRecipient, mailTranslator } from "./mail-render.server";

/** How often a kind's digest comes. */
export type Cadence = "daily" | "weekly";

/**
 * One digest mail (decision 171): one kind, one person, in their language, each item a link to
 * its page, with the kind's one-click unsubscribe (`kindMail`). Items are newest first; past
 * DIGEST_ITEMS_MAX the mail says how many more wait.
 */
export function digestMail(
  recipient: MailRecipient,
  kind: DigestKind,
  cadence: Cadence,
  items: DigestItem[],
  origin: string,
): MailJob {
  const t = mailTranslator(recipient.locale);
  const total = items[0]?.total ?? items.length;
  const someone = t("notifications:mail.someone");
  const line = (item: DigestItem) => {
    const name = item.actor ?? someone;
    const text = excerpt(item.text ?? "");
    switch (kind) {
      case "posts":
        return t("notifications:mail.digest.postLine", { name, community: item.place ?? "", text });
      case "friends":
        return t("notifications:mail.friends.subject", { name });
      case "inbox":
        return t("notifications:mail.inbox.subject", { name, subject: text });
      case "chat":
        return t("notifications:mail.digest.chatLine", { name, text });
    }
  };
  const more = total - items.length;
  const message = kindMail(
    recipient,
    kind,
    {
      subject: t(`notifications:mail.digest.subject_${cadence}`, {
        count: total,
        kind: t(`notifications:mail.kindNames.${kind}`),
      }),
      blocks: [
        t(`notifications:mail.digest.lead_${cadence}`, { count: total }),
        ...items.map((item) => ({
          link: { label: line(item), url: new URL(digestItemPath(kind, item.itemId), origin).href },
        })),
        ...(more > 0 ? [t("notifications:mail.digest.more", { count: more })] : []),
      ],
    },
    origin,
  );
  return { message, label: `${cadence} ${kind} digest to user ${recipient.id}` };
}
