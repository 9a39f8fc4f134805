import { type AppConfig, getConfig } from "~/server/config.server";

/** The form field the reCAPTCHA v2 widget fills in. */
export const CAPTCHA_FIELD = "g-recaptcha-response";

export type CaptchaSettings = { siteKey: string; secret: string; verifyUrl: string };

/** Captcha settings, or null while captcha is off (SPEC §5, DESIGN §7: off until configured). */
export function captchaSettings(config: AppConfig = getConfig()): CaptchaSettings | null {
  if (!config.CAPTCHA_SITE_KEY || !config.CAPTCHA_SECRET) return null;
  return { siteKey: config.CAPTCHA_SITE_KEY, secret: config.CAPTCHA_SECRET, verifyUrl: config.CAPTCHA_VERIFY_URL };
}

/** What the browser may know: the site key, only while captcha is on. */
export function captchaSiteKey() {
  return captchaSettings()?.siteKey ?? null;
}

export type CaptchaCheck =
  | { ok: true }
  /** missing: the widget was not solved; rejected: the provider said no; unavailable: it did not answer. */
  | { ok: false; reason: "missing" | "rejected" | "unavailable"; errorCodes: string[] };

type SiteVerifyAnswer = { success?: unknown; "error-codes"?: unknown };

/**
 * Verifies a widget answer with the provider's siteverify endpoint (secret, response, remoteip
 * as a form post; JSON back). A provider that cannot be reached fails closed: the form
 * answers with an error the person can retry, never a 500.
 */
export async function verifyCaptcha(
  settings: CaptchaSettings,
  input: { response: string | null | undefined; remoteIp?: string },
  doFetch: typeof fetch = fetch,
): Promise<CaptchaCheck> {
  const response = input.response?.trim();
  if (!response) return { ok: false, reason: "missing", errorCodes: ["missing-input-response"] };

  const body = new URLSearchParams({ secret: settings.secret, response });
  if (input.remoteIp && input.remoteIp !== "local") body.set("remoteip", input.remoteIp);
  let answer: SiteVerifyAnswer;
  try {
    const reply = await doFetch(settings.verifyUrl, { method: "POST", body });
    if (!reply.ok) throw new Error(`siteverify answered ${reply.status}`);
    answer = (await reply.json()) as SiteVerifyAnswer;
  } catch (error) {
    console.warn("captcha: the verification service did not answer", error);
    return { ok: false, reason: "unavailable", errorCodes: [] };
  }
  if (answer.success === true) return { ok: true };
  const errorCodes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  return { ok: false, reason: "rejected", errorCodes };
}

/** The i18next key that tells the person what went wrong. */
export function captchaErrorKey(check: Extract<CaptchaCheck, { ok: false }>) {
  if (check.reason === "missing") return "register:errors.captchaMissing";
  if (check.reason === "unavailable") return "register:errors.captchaUnavailable";
  return "register:errors.captchaFailed";
}
