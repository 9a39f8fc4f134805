import type { Translate } from "~/lib/translate";
import { sendMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/template";
import { createEmailToken, type EmailTokenPurpose } from "./email-tokens.server";
import { checkRateLimit, type RateLimitCheck, recordAttempt } from "./rate-limit.server";

/** What a mail needs from the request: where links point, and the reader's language. */
export type MailContext = { origin: string; t: Translate };

/** The answer to "send me a link": the same whether or not an account exists. */
export type LinkMailRequest = { status: "sent" } | { status: "rate_limited"; retryAfterSeconds: number };

type Recipient = { id: number; name: string; email: string };

const LINK_PATH: Record<EmailTokenPurpose, string> = {
  activate: "/login/activate",
  reset: "/login/resetpassword",
};

const MAIL_TEXTS: Record<EmailTokenPurpose, "activation" | "reset"> = { activate: "activation", reset: "reset" };

/**
 * Mails a single-use link (activation or password reset), text and HTML. A transport failure
 * is logged and swallowed: the person sees the same page either way and can ask again, and
 * the answer must not differ between known and unknown addresses.
 */
export async function sendLinkMail(
  purpose: EmailTokenPurpose,
  user: Recipient,
  { origin, t }: MailContext,
  now = Date.now(),
) {
  const token = await createEmailToken({ purpose, userId: user.id, email: user.email }, now);
  const url = new URL(LINK_PATH[purpose], origin);
  url.searchParams.set("token", token);
  const texts = MAIL_TEXTS[purpose];
  const body = renderMail([
    t("register:mail.greeting", { name: user.name }),
    t(`register:mail.${texts}.body`),
    { link: { label: t(`register:mail.${texts}.link`), url: url.href } },
    t(`register:mail.${texts}.expiry`),
    t(`register:mail.${texts}.notYou`),
    t("register:mail.signoff"),
  ]);
  try {
    await sendMail({ to: user.email, subject: t(`register:mail.${texts}.subject`), ...body });
  } catch (error) {
    console.error(`${purpose} mail to user ${user.id} failed`, error);
  }
}

/**
 * Someone registered with the address of an existing account (decision 034): the owner hears of
 * it, with the way back in if it was them, and the form answered as for a new address.
 */
export async function sendExistingAccountMail(user: Recipient, { origin, t }: MailContext) {
  const body = renderMail([
    t("register:mail.greeting", { name: user.name }),
    t("register:mail.existing.body"),
    { link: { label: t("register:mail.existing.link"), url: new URL("/login/resetpassword", origin).href } },
    t("register:mail.existing.notYou"),
    t("register:mail.signoff"),
  ]);
  try {
    await sendMail({ to: user.email, subject: t("register:mail.existing.subject"), ...body });
  } catch (error) {
    console.error(`existing-account mail to user ${user.id} failed`, error);
  }
}

/**
 * Issue 3: mails on request are limited per address and per IP, 5 in 15 minutes. Every
 * request counts, whether or not an account exists, so the limit reveals nothing either.
 */
export async function takeMailAllowance(
  purpose: EmailTokenPurpose,
  input: { email: string; address: string },
  now = Date.now(),
): Promise<RateLimitCheck> {
  const keys = [`mail:${purpose}:${input.email.toLowerCase()}`, `mail:ip:${input.address}`];
  const limit = await checkRateLimit(keys, now);
  if (limit.allowed) await recordAttempt(keys, now);
  return limit;
}
