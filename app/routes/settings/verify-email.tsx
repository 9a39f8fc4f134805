import { data, Link, redirect } from "react-router";
import { claimsChangedContext, userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { tokenPageMeta } from "~/lib/token-page-meta";
import settings from "~/locales/en/settings.json";
import { getInstance, translatorFor } from "~/middleware/i18next";
import { flashToast } from "~/server/session/session.server";
import { confirmEmailChange } from "~/server/settings/email-change.server";
import type { Route } from "./+types/verify-email";

registerNamespace("settings", settings);

/**
 * /profile/verifyemail?token=… — the link from the confirmation mail. It may be opened signed
 * out (another device, another browser), so it sits outside the signed-in layout: the token
 * alone says whose address changes. Success redirects (a reload never re-runs the link);
 * a bad link stays here and says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const i18n = getInstance(context);
  const viewer = context.get(userContext);
  const result = token
    ? await confirmEmailChange(token, { origin: url.origin, t: translatorFor(context) })
    : ({ status: "invalid" } as const);

  if (result.status === "changed") {
    const headers = await flashToast(request, {
      kind: "success",
      key: "settings:verify.changed",
      values: { email: result.email },
    });
    // The owner lands in settings; anyone else (signed out) signs in with the new address.
    if (viewer?.id === result.userId) {
      // The address rides in the access token's claims: re-sign it (decision 042).
      context.set(claimsChangedContext, true);
      return redirect("/profile/settings", { headers });
    }
    return redirect(viewer ? "/" : "/login", { headers });
  }
  return data(
    { metaTitle: i18n.t("settings:verify.metaTitle"), status: result.status, signedIn: viewer !== null },
    { status: result.status === "email_taken" ? 409 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...tokenPageMeta(loaderData?.metaTitle),
  { name: "robots", content: "noindex" },
];

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const messages = {
    invalid: t("verify.invalid"),
    expired: t("verify.expired"),
    used: t("verify.used"),
    email_taken: t("verify.taken"),
  };
  return (
    <main id="main">
      <h1>{t("verify.title")}</h1>
      <p role="alert">{messages[loaderData.status]}</p>
      <p>{t("verify.again")}</p>
      <p>
        {loaderData.signedIn ? (
          <Link to="/profile/settings" className="button">
            {t("verify.toSettings")}
          </Link>
        ) : (
          <Link to="/login?redirectTo=%2Fprofile%2Fsettings" className="button">
            {t("verify.toSignIn")}
          </Link>
        )}
      </p>
    </main>
  );
}
