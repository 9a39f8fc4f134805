import type { RouterContextProvider } from "react-router";
import { rateLimited } from "~/lib/forms/rate-limited.server";
import { translatorFor } from "~/middleware/i18next";
import { CAPTCHA_FIELD, captchaErrorKey, captchaSettings, verifyCaptcha } from "~/server/auth/captcha.server";
import type { MailContext } from "~/server/auth/link-mails.server";
import { clientAddress } from "~/server/auth/rate-limit.server";

/** Links in mails point back to the site the request came to (SPEC §4). */
export function mailContext(request: Request, context: Readonly<RouterContextProvider>): MailContext {
  return { origin: new URL(request.url).origin, t: translatorFor(context) };
}

/** "Too many emails": a form-wide message with the wait in minutes, and Retry-After. */
export function mailRateLimited(formData: FormData, retryAfterSeconds: number) {
  return rateLimited(formData, "register:errors.mailRateLimited", retryAfterSeconds);
}

/** The captcha's verdict on a submitted form: null when it passed or captcha is off. */
export async function captchaError(request: Request, formData: FormData) {
  const settings = captchaSettings();
  if (!settings) return null;
  const response = formData.get(CAPTCHA_FIELD);
  const check = await verifyCaptcha(settings, {
    response: typeof response === "string" ? response : null,
    remoteIp: clientAddress(request),
  });
  return check.ok ? null : captchaErrorKey(check);
}
