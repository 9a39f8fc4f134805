import type { MailJob } from "~/server/mail/mail.server";
import type { MailBlock } from "~/server/mail/template";
import type { RecipientText } from "~/server/translation/recipient-text.server";
import type { DigestItem, DigestKind } from "./digest-items.server";
import { digestItemPath } from "./digest-items.server";
import { excerpt, kindMail, type MailRecipient, mailTranslator } from "./mail-render.server";

/** How often a kind's digest comes. */
export type Cadence = "daily" | "weekly";

/**
 * One digest mail (decision 171): one kind, one person, in their language, each item a link to
 * its page, with the kind's one-click unsubscribe (`kindMail`). Items are newest first; past
 * DIGEST_ITEMS_MAX the mail says how many more wait. `texts[i]`: the words item i quotes as its
 * reader reads them; a translation is marked "Translated from Spanish" with the original beside
 * it, so it costs no tap (decision 184, as decision 170 for single mails).
 */
export function digestMail(
  recipient: MailRecipient,
  kind: DigestKind,
  cadence: Cadence,
  items: DigestItem[],
  origin: string,
  texts: (RecipientText | null)[] = [],
): MailJob {
  const t = mailTranslator(recipient.locale);
  const total = items[0]?.total ?? items.length;
  const someone = t("notifications:mail.someone");
  const line = (item: DigestItem, quoted: RecipientText | null) => {
    const name = item.actor ?? someone;
    const text = excerpt(quoted?.text ?? item.text ?? "");
    switch (kind) {
      case "posts":
        return t("notifications:mail.digest.postLine", { name, community: item.place ?? "", text });
      case "friends":
        return t("notifications:mail.friends.subject", { name });
      case "inbox":
        return t("notifications:mail.inbox.subject", { name, subject: text });
      case "chat":
        return t("notifications:mail.digest.chatLine", { name, text });
      case "events":
        return t(`notifications:mail.digest.eventLine_${item.detail ?? "changed"}`, {
          title: text,
          community: item.place ?? "",
        });
    }
  };
  const lines = items.flatMap((item, index): MailBlock[] => {
    const quoted = texts[index] ?? null;
    const link = { link: { label: line(item, quoted), url: new URL(digestItemPath(kind, item.itemId), origin).href } };
    if (!quoted?.translatedFrom) return [link];
    const language = quoted.translatedFrom.name;
    return [link, t("notifications:mail.digest.translated", { language, text: excerpt(quoted.original) })];
  });
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
        ...lines,
        ...(more > 0 ? [t("notifications:mail.digest.more", { count: more })] : []),
      ],
    },
    origin,
  );
  return { message, label: `${cadence} ${kind} digest to user ${recipient.id}` };
}
