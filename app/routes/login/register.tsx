import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import register from "~/locales/en/register.json";
import { getInstance } from "~/middleware/i18next";
import { enabledProviders } from "~/server/auth/providers.server";
import { HOME_AFTER_SIGN_IN } from "~/server/session/web-session.server";
import type { Route } from "./+types/register";

registerNamespace("register", register);

/** /login/register: choose how to register (decision 019): email, or Google / Apple when configured. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect(HOME_AFTER_SIGN_IN);
  // DESIGN §7: the UI hides what is off. A Google or Apple identity without an account gets
  // a new one on its first sign-in, so registering with them is signing in with them.
  const providers = enabledProviders();
  // With email the only way, there is nothing to choose: go straight to its form.
  if (!providers.google && !providers.apple) throw redirect("/login/registeremail");
  return { metaTitle: getInstance(context).t("register:choose.metaTitle"), providers };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "register:choose.metaDescription" };

export default function Register({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("register");
  const { providers } = loaderData;
  return (
    <main id="main">
      <h1>{t("choose.title")}</h1>
      <p className="hint">{t("choose.lead")}</p>
      <div className="stack register-choices">
        <Link to="/login/registeremail" className="button button-block">
          {t("choose.email")}
        </Link>
        {providers.google ? (
          // A document navigation: the provider flow starts with a server redirect.
          <a href="/login/google" className="button button-secondary button-block">
            {t("choose.google")}
          </a>
        ) : null}
        {providers.apple ? (
          <a href="/login/apple" className="button button-secondary button-block">
            {t("choose.apple")}
          </a>
        ) : null}
      </div>
      <p>
        {t("choose.haveAccount")} <Link to="/login">{t("choose.signIn")}</Link>
      </p>
    </main>
  );
}
