import { data, Form, Link, redirect, useLocation } from "react-router";
import { CaptchaWidget } from "~/components/auth/captcha-widget";
import { EmailLinkForm } from "~/components/auth/email-link-form";
import { NewPasswordFields } from "~/components/form/account-fields";
import { FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { type FormFailure, fieldFailure, formFailure, parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { emailLinkSchema, newPasswordSchema } from "~/lib/forms/recovery";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import { tokenPageMeta } from "~/lib/token-page-meta";
import account from "~/locales/en/account.json";
import register from "~/locales/en/register.json";
import { getInstance } from "~/middleware/i18next";
import { captchaSiteKey } from "~/server/auth/captcha.server";
import { checkResetLink, requestPasswordReset, resetPassword } from "~/server/auth/password-reset.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/reset-password";
import { captchaError, mailContext, mailRateLimited } from "./link-mail-helpers.server";

registerNamespace("account", account);
registerNamespace("register", register);

const PATH = "/login/resetpassword";

type PageState =
  | { state: "request" | "expired" | "used" | "invalid" }
  | { state: "sent"; email: string }
  | { state: "choose"; token: string };

/** /login/resetpassword: step 1 asks for the email; with ?token=… step 2 sets the password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  let page: PageState = { state: "request" };
  if (token !== null) {
    const status = await checkResetLink(token);
    page = status === "valid" ? { state: "choose", token } : { state: status };
  } else if (url.searchParams.get("sent")) {
    page = { state: "sent", email: url.searchParams.get("sent")! };
  }
  return { metaTitle: getInstance(context).t("register:reset.metaTitle"), page, captchaSiteKey: captchaSiteKey() };
}

// A refused mail request carries Retry-After; document responses only pass on what we return.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => tokenPageMeta(loaderData?.metaTitle);
export const handle: DescriptionHandle = { description: "register:reset.metaDescription" };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  return formData.get("intent") === "reset"
    ? chooseNewPassword(request, formData)
    : requestLink(request, context, formData);
}

/** Step 1: the same answer for every address (decision 019); the captcha guards the mailbox. */
async function requestLink(request: Request, context: Route.ActionArgs["context"], formData: FormData) {
  const parsed = parseForm(emailLinkSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const captcha = await captchaError(request, formData);
  if (captcha) return data(fieldFailure(formData, { captcha: [captcha] }), { status: 400 });
  const result = await requestPasswordReset(
    { email: parsed.data.email, address: clientAddress(request) },
    mailContext(request, context),
  );
  if (result.status === "rate_limited") return mailRateLimited(formData, result.retryAfterSeconds);
  return redirect(`${PATH}?sent=${encodeURIComponent(parsed.data.email)}`);
}

/** Step 2: a new password ends every session; the person then signs in with it. */
async function chooseNewPassword(request: Request, formData: FormData) {
  const parsed = parseForm(newPasswordSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await resetPassword(parsed.data);
  switch (result.status) {
    case "reset":
      return redirect("/login", {
        headers: await flashToast(request, { kind: "success", key: "register:reset.done" }),
      });
    case "weak_password":
      return data(fieldFailure(formData, { password: [result.error] }), { status: 400 });
    default:
      // The link stopped working meanwhile; the page, loaded again, says why.
      return data(formFailure(formData, `register:reset.${result.status}`), { status: 410 });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("register");
  const { page, captchaSiteKey } = loaderData;
  const failure = actionData ?? undefined;

  if (page.state === "sent") {
    return (
      <main id="main">
        <h1>{t("reset.sentTitle")}</h1>
        <p role="status">{t("reset.sentBody", { email: page.email })}</p>
        <BackToSignIn />
      </main>
    );
  }

  if (page.state === "choose") return <NewPasswordForm token={page.token} failure={failure} />;

  const problem = page.state === "request" ? null : page.state;
  return (
    <main id="main">
      <h1>{t("reset.title")}</h1>
      {problem ? (
        <p className="form-error" role="alert">
          {t(`reset.${problem}`)}
        </p>
      ) : null}
      {problem ? <h2>{t("reset.requestNew")}</h2> : null}
      <p className="hint">{t("reset.lead")}</p>
      <EmailLinkForm
        action={PATH}
        intent="request"
        failure={failure}
        labels={{ email: t("reset.email"), submit: t("reset.submit"), submitting: t("reset.submitting") }}
      >
        {captchaSiteKey ? (
          <CaptchaWidget siteKey={captchaSiteKey} error={failure?.fieldErrors.captcha?.[0]} attempt={failure} />
        ) : null}
      </EmailLinkForm>
      <BackToSignIn />
    </main>
  );
}

function BackToSignIn() {
  const { t } = useTranslation("register");
  return (
    <p>
      <Link className="standalone-link" to="/login">
        {t("reset.backToSignIn")}
      </Link>
    </p>
  );
}

function NewPasswordForm({ token, failure }: { token: string; failure?: FormFailure }) {
  const { t } = useTranslation("register");
  const location = useLocation();
  const saving = usePendingSubmit({ intent: "reset" });
  return (
    <main id="main">
      <h1>{t("reset.newTitle")}</h1>
      <p className="hint">{t("reset.newLead")}</p>
      {/* Remounts after each submit, so a refused password is not kept (as without JavaScript). */}
      <Form method="post" noValidate className="stack" key={location.key}>
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          labels={{ password: t("reset.password"), confirm: t("reset.confirmPassword") }}
          hint={t("form.passwordHint")}
          failure={failure}
        />
        <SubmitButton className="button-block" pending={saving} pendingLabel={t("reset.saving")}>
          {t("reset.save")}
        </SubmitButton>
      </Form>
    </main>
  );
}
