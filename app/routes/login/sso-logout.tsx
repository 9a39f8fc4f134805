import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import auth from "~/locales/en/auth.json";
import { getInstance } from "~/middleware/i18next";
import { linkedProviders } from "~/server/auth/linked-providers.server";
import { endWebSession } from "~/server/session/web-session.server";
import type { Route } from "./+types/sso-logout";

registerNamespace("auth", auth);

/** Where each identity provider lets a person sign out of it. */
const PROVIDER_SIGN_OUT = {
  google: "https://accounts.google.com/Logout",
  apple: "https://appleid.apple.com/account/manage",
} as const;

type Provider = keyof typeof PROVIDER_SIGN_OUT;

/**
 * /login/ssologout: ends the SchoolHub session, then offers to sign out of the identity
 * provider too (we cannot do that for the user: it is their Google or Apple session).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const done = url.searchParams.get("done");
  const providers = (done?.split(",") ?? []).filter((name): name is Provider => name in PROVIDER_SIGN_OUT);
  return {
    metaTitle: getInstance(context).t("auth:ssoLogout.metaTitle"),
    signedIn: Boolean(user),
    signedOut: done !== null,
    providers: providers.map((name) => ({ name, href: PROVIDER_SIGN_OUT[name] })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const providers = user ? await linkedProviders(user.id) : [];
  return endWebSession(request, `/login/ssologout?done=${providers.join(",")}`);
}

export default function SsoLogout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  if (loaderData.signedIn) {
    return (
      <main id="main">
        <h1>{t("ssoLogout.title")}</h1>
        <p>{t("ssoLogout.question")}</p>
        <Form method="post" reloadDocument>
          <button type="submit">{t("logout.submit")}</button>
        </Form>
      </main>
    );
  }
  return (
    <main id="main">
      <h1>{t("ssoLogout.doneTitle")}</h1>
      <p>{t("ssoLogout.done")}</p>
      {loaderData.providers.length > 0 ? (
        <>
          <p>{t("ssoLogout.providersLead")}</p>
          <ul>
            {loaderData.providers.map((provider) => (
              <li key={provider.name}>
                <a href={provider.href} rel="noopener noreferrer">
                  {t(`ssoLogout.provider.${provider.name}`)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/login">{t("signIn.title")}</Link>
      </p>
    </main>
  );
}
