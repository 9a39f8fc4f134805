import { data, Link, redirect } from "react-router";
import { EmailLinkForm } from "~/components/auth/email-link-form";
import { ResendActivationForm } from "~/components/auth/resend-activation-form";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { emailLinkSchema } from "~/lib/forms/recovery";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import { tokenPageMeta } from "~/lib/token-page-meta";
import account from "~/locales/en/account.json";
import register from "~/locales/en/register.json";
import { getInstance } from "~/middleware/i18next";
import { activateAccount, requestActivationMail } from "~/server/auth/activation.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import type { Route } from "./+types/activate";
import { mailContext, mailRateLimited } from "./link-mail-helpers.server";

registerNamespace("account", account);
registerNamespace("register", register);

type PageState = { state: "activated" | "request" | "expired" | "used" | "invalid" } | { state: "sent"; email: string };

/**
 * /login/activate?token=… activates once, then redirects so the token leaves the address bar
 * and a reload does not report the link as used. Without a token the page offers a new mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const metaTitle = getInstance(context).t("register:activate.metaTitle");
  const token = url.searchParams.get("token");
  let page: PageState = { state: "request" };
  if (token !== null) {
    const result = await activateAccount(token);
    if (result.status === "activated") throw redirect("/login/activate?activated=1");
    page = { state: result.status };
  } else if (url.searchParams.has("activated")) {
    page = { state: "activated" };
  } else if (url.searchParams.get("sent")) {
    page = { state: "sent", email: url.searchParams.get("sent")! };
  }
  return { metaTitle, page };
}

// A refused mail request carries Retry-After; document responses only pass on what we return.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => tokenPageMeta(loaderData?.metaTitle);
export const handle: DescriptionHandle = { description: "register:activate.metaDescription" };

/** "Send the activation email again": same answer for every address (decision 019). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(emailLinkSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await requestActivationMail(
    { email: parsed.data.email, address: clientAddress(request) },
    mailContext(request, context),
  );
  if (result.status === "rate_limited") return mailRateLimited(formData, result.retryAfterSeconds);
  return redirect(`/login/activate?sent=${encodeURIComponent(parsed.data.email)}`);
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("register");
  const { page } = loaderData;

  if (page.state === "activated") {
    return (
      <main id="main">
        <h1>{t("activate.activatedTitle")}</h1>
        <p role="status">{t("activate.activatedBody")}</p>
        <Link to="/login" className="button button-block">
          {t("activate.signIn")}
        </Link>
      </main>
    );
  }

  if (page.state === "sent" && !actionData) {
    return (
      <main id="main">
        <h1>{t("activate.sentTitle")}</h1>
        <p role="status">{t("activate.sentBody", { email: page.email })}</p>
        <p className="hint">{t("sent.notReceived")}</p>
        <ResendActivationForm email={page.email} label={t("sent.resend")} pendingLabel={t("sent.resending")} />
        <p>
          <Link to="/login">{t("activate.signIn")}</Link>
        </p>
      </main>
    );
  }

  const problem = page.state === "expired" || page.state === "used" || page.state === "invalid" ? page.state : null;
  return (
    <main id="main">
      <h1>{t("activate.title")}</h1>
      {problem ? (
        <p className="form-error" role="alert">
          {t(`activate.${problem}`)}
        </p>
      ) : null}
      <p className="hint">{t("activate.requestLead")}</p>
      <EmailLinkForm
        action="/login/activate"
        failure={actionData ?? undefined}
        defaultEmail={page.state === "sent" ? page.email : undefined}
        labels={{ email: t("activate.email"), submit: t("activate.submit"), submitting: t("activate.submitting") }}
      />
      <p>
        <Link to="/login">{t("activate.signIn")}</Link>
      </p>
    </main>
  );
}
