import { createInstance, type i18n } from "i18next";
import { FALLBACK_LANGUAGE, isLanguageCode } from "~/lib/languages";
import type { EmailKind } from "~/lib/notification-kinds";
import { addLimitFormat, TEXT_VALUES } from "~/lib/text-values";
import { type Translate, toTranslate } from "~/lib/translate";
import resources from "~/locales";
import type { MailMessage } from "~/server/mail/mail.server";
import { type MailBlock, renderMail } from "~/server/mail/template";
import type { RecipientText } from "~/server/translation/recipient-text.server";

/**
 * The notification emails' templates (issue 23 item 5, decision 169): each is rendered from the
 * same texts as the app, through i18next, in the RECIPIENT's language (`users.locale`, issue 24),
 * as HTML with a plain-text part, and carries RFC 8058's one-click unsubscribe for its kind.
 * The digests (`digest-*.server.ts`) build their mail with `kindMail` as well.
 */

/** Who a mail goes to: what every template needs to address, word and unsubscribe it. */
export type MailRecipient = { id: number; name: string; email: string; locale: string; token: string };

let instance: i18n | undefined;

/** A translator fixed to one language (an unknown one falls back to English, key by key). */
export function mailTranslator(locale: string): Translate {
  if (!instance) {
    instance = createInstance({
      resources,
      fallbackLng: FALLBACK_LANGUAGE,
      initAsync: false,
      interpolation: { escapeValue: false, defaultVariables: TEXT_VALUES },
    });
    instance.init();
    addLimitFormat(instance);
  }
  return toTranslate(instance.getFixedT(isLanguageCode(locale) ? locale : FALLBACK_LANGUAGE));
}

/**
 * The unsubscribe page of one kind for one person, where a button confirms (a link opened by a
 * scanner changes nothing): the token is the credential (no session), and `?lng=` shows the page
 * in the language the mail was written in.
 */
export function unsubscribeUrl(origin: string, recipient: Pick<MailRecipient, "token" | "locale">, kind: EmailKind) {
  const url = new URL(`/unsubscribe/${kind}/${encodeURIComponent(recipient.token)}`, origin);
  url.searchParams.set("lng", recipient.locale);
  return url.href;
}

/**
 * RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the header's URL and asks
 * nothing more; that address is `/one-click` beside the page (a resource route, open to a post
 * from another site). Opened with GET it shows the page.
 */
export function unsubscribeHeaders(origin: string, recipient: Pick<MailRecipient, "token">, kind: EmailKind) {
  const url = new URL(`/unsubscribe/${kind}/${encodeURIComponent(recipient.token)}/one-click`, origin).href;
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** What a kind's mail says between the greeting and the footer. */
export type MailContent = { subject: string; blocks: MailBlock[] };

/**
 * A mail about one kind of news: greeting, the content, then why it came and the links that stop
 * it (this kind only) or change the settings; with the List-Unsubscribe headers.
 */
export function kindMail(recipient: MailRecipient, kind: EmailKind, content: MailContent, origin: string): MailMessage {
  const t = mailTranslator(recipient.locale);
  const stop = unsubscribeUrl(origin, recipient, kind);
  const kindName = t(`notifications:mail.kindNames.${kind}`);
  const blocks: MailBlock[] = [
    t("notifications:mail.greeting", { name: recipient.name }),
    ...content.blocks,
    {
      footer: {
        text: t("notifications:mail.why", { kind: kindName }),
        links: [
          { label: t("notifications:mail.unsubscribe", { kind: kindName }), url: stop },
          { label: t("notifications:mail.settings"), url: new URL("/profile/settings/notifications", origin).href },
        ],
      },
    },
  ];
  return {
    to: recipient.email,
    // One line, whatever a name or an inbox subject holds.
    subject: content.subject.replace(/\s+/g, " ").trim(),
    ...renderMail(blocks, recipient.locale),
    headers: unsubscribeHeaders(origin, recipient, kind),
  };
}

/**
 * Someone's words in a mail: quoted in the recipient's language; when that is a translation,
 * marked "Translated from Spanish" and followed by the original, so nothing stands between the
 * reader and what was written (issue 24 item 5).
 */
export function quotedText(text: RecipientText, t: Translate): MailBlock[] {
  if (!text.translatedFrom) return [{ quote: text.text }];
  return [
    { quote: text.text },
    t("common:translation.from", { language: text.translatedFrom.name }),
    t("notifications:mail.original"),
    { quote: text.original },
  ];
}

/** At most `max` characters of a text for a subject line or a summary's list. */
export function excerpt(text: string, max = 80) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
