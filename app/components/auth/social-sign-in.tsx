import { useTranslation } from "~/lib/i18n-lite/react";

export type EnabledProviders = { google: boolean; apple: boolean };

/**
 * "Continue with Google / Apple" (decision 020), shown only for providers that are configured.
 * Plain links: the flow starts with a server redirect to the provider, with or without
 * JavaScript, and carries redirectTo through it.
 */
export function SocialSignIn({ providers, redirectTo }: { providers: EnabledProviders; redirectTo?: string | null }) {
  const { t } = useTranslation("auth");
  if (!providers.google && !providers.apple) return null;
  const query = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  return (
    <>
      <p className="social-sign-in-divider">{t("signIn.or")}</p>
      <nav className="stack social-sign-in" aria-label={t("social.label")}>
        {providers.google ? (
          <a href={`/login/google${query}`} className="button button-secondary button-block">
            {t("social.continueWithGoogle")}
          </a>
        ) : null}
        {providers.apple ? (
          <a href={`/login/apple${query}`} className="button button-secondary button-block">
            {t("social.continueWithApple")}
          </a>
        ) : null}
      </nav>
    </>
  );
}
