import type { Translate } from "~/lib/translate";
import { sendMailLater } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/template";
import { findUser } from "~/server/users/users.server";
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
 * Mails a single-use link (activation or password reset), text and HTML. The token is stored
 * now; the mail goes after the response (decision 069), so the answer takes as long and reads
 * the same for known and unknown addresses, and a failing transport is only logged.
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
  sendMailLater(
    { to: user.email, subject: t(`register:mail.${texts}.subject`), ...body },
    `${purpose} mail to user ${user.id}`,
  );
}

/**
 * Someone registered with the address of an existing account (decision 034): the owner hears of
 * it, with the way back in if it was them, and the form answered as for a new address.
 */
export function sendExistingAccountMail(user: Recipient, { origin, t }: MailContext) {
  const body = renderMail([
    t("register:mail.greeting", { name: user.name }),
    t("register:mail.existing.body"),
    { link: { label: t("register:mail.existing.link"), url: new URL("/login/resetpassword", origin).href } },
    t("register:mail.existing.notYou"),
    t("register:mail.signoff"),
  ]);
  sendMailLater(
    { to: user.email, subject: t("register:mail.existing.subject"), ...body },
    `existing-account mail to user ${user.id}`,
  );
}

/**
 * "Mail me a link" (activation again, password reset): limited per address and per IP, and
 * answered the same whether or not an account exists, so it reveals nothing (decision 019).
 * `wanted` says which account gets one (say, only one still waiting for activation).
 */
export async function mailLinkOnRequest(
  purpose: EmailTokenPurpose,
  input: { email: string; address: string },
  mail: MailContext,
  wanted: (user: NonNullable<Awaited<ReturnType<typeof findUser>>>) => boolean,
  now = Date.now(),
): Promise<LinkMailRequest> {
  const limit = await takeMailAllowance(purpose, input, now);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const user = await findUser({ email: input.email });
  if (user && wanted(user)) await sendLinkMail(purpose, user, mail, now);
  return { status: "sent" };
}

/**
 * Mails on request are limited per address and per IP, 5 in 15 minutes (decision 019). Every
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
