import { useEffect, useRef } from "react";
import { useFormMessage } from "~/components/form/field";
import { useTranslation } from "~/lib/i18n-lite/react";

const SCRIPT_SRC = "https://www.google.com/recaptcha/api.js";

type ReCaptcha = {
  render(element: HTMLElement, options: { sitekey: string; size: string }): number;
  reset(widget?: number): void;
};

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

/**
 * SPEC §5: a reCAPTCHA widget, version 2, normal size. Rendered only while captcha is
 * configured; its script loads async, and only on the pages that show it. Without JavaScript
 * the provider's <noscript> fallback fills in the same `g-recaptcha-response` field.
 *
 * `attempt` changes after every failed submit: an answer is good for one check only.
 */
export function CaptchaWidget({ siteKey, error, attempt }: { siteKey: string; error?: string; attempt?: unknown }) {
  const { t } = useTranslation("register");
  const message = useFormMessage();
  const element = useRef<HTMLDivElement>(null);
  const widget = useRef<number | undefined>(undefined);

  useEffect(() => {
    const grecaptcha = window.grecaptcha;
    const target = element.current;
    if (!grecaptcha?.render || !target) return;
    // The script renders what is on the page when it first loads; a page reached later by
    // client navigation renders its widget here.
    if (target.childElementCount === 0)
      widget.current = grecaptcha.render(target, { sitekey: siteKey, size: "normal" });
  }, [siteKey]);

  useEffect(() => {
    if (attempt !== undefined) window.grecaptcha?.reset?.(widget.current);
  }, [attempt]);

  return (
    <div className="field captcha" role="group" aria-label={t("captcha.label")}>
      <script async defer src={SCRIPT_SRC} />
      <div ref={element} className="g-recaptcha" data-sitekey={siteKey} data-size="normal" />
      <noscript>
        <iframe
          title={t("captcha.label")}
          src={`https://www.google.com/recaptcha/api/fallback?k=${encodeURIComponent(siteKey)}`}
          style={{ width: 302, height: 422, border: 0 }}
        />
        <textarea
          name="g-recaptcha-response"
          aria-label={t("captcha.label")}
          style={{ width: 250, height: 40, margin: "10px 25px", resize: "none" }}
        />
      </noscript>
      {error ? (
        <p className="field-error" role="alert">
          {message(error)}
        </p>
      ) : null}
    </div>
  );
}
