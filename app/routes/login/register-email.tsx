import { useEffect } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { CaptchaWidget } from "~/components/auth/captcha-widget";
import { ResendActivationForm } from "~/components/auth/resend-activation-form";
import { AccountField, NewPasswordFields } from "~/components/form/account-fields";
import { FormError, useFormMessage } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { userContext } from "~/context";
import { type FormFailure, fieldFailure, formFailure, parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerSchema } from "~/lib/forms/register";
import { registerNamespace } from "~/lib/i18n-client";
import { Trans, useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import account from "~/locales/en/account.json";
import register from "~/locales/en/register.json";
import { getInstance } from "~/middleware/i18next";
import { captchaSiteKey } from "~/server/auth/captcha.server";
import { enabledProviders } from "~/server/auth/providers.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { registerUser } from "~/server/auth/registration.server";
import { HOME_AFTER_SIGN_IN } from "~/server/auth/web-session.server";
import type { Route } from "./+types/register-email";
import { captchaError, mailContext } from "./link-mail-helpers.server";

registerNamespace("account", account);
registerNamespace("register", register);

/** Where a new account lands: the "check your email" state of this page. */
const sentPath = (email: string) => `/login/registeremail?sent=${encodeURIComponent(email)}`;

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect(HOME_AFTER_SIGN_IN);
  return {
    metaTitle: getInstance(context).t("register:form.metaTitle"),
    sent: new URL(request.url).searchParams.get("sent"),
    // An e-mailed invitation's link offers registration with the invited address filled in.
    email: (new URL(request.url).searchParams.get("email") ?? "").slice(0, 320),
    captchaSiteKey: captchaSiteKey(),
    // "Other ways to register" only when there are other ways (Google, Apple configured).
    otherWays: Object.values(enabledProviders()).some(Boolean),
  };
}

// Document responses only carry a route's own headers when it passes them on (Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "register:form.metaDescription" };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(registerSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });

  // The captcha is asked only of a form that is otherwise fine: an answer works once.
  const captcha = await captchaError(request, formData);
  if (captcha) return data(fieldFailure(formData, { captcha: [captcha] }), { status: 400 });

  const result = await registerUser({ ...parsed.data, address: clientAddress(request) }, mailContext(request, context));
  if (result.status === "invalid") return data(fieldFailure(formData, result.fieldErrors), { status: 400 });
  if (result.status === "username_taken") {
    return data(fieldFailure(formData, { username: ["register:errors.usernameTaken"] }), { status: 409 });
  }
  if (result.status === "rate_limited") {
    const failure = formFailure(formData, "register:errors.registrationRateLimited", {
      count: Math.ceil(result.retryAfterSeconds / 60),
    });
    return data(failure, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  // A new account and an email that already has one get the same answer (decision 034).
  return redirect(sentPath(parsed.data.email));
}

export default function RegisterEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("register");
  if (loaderData.sent) {
    return (
      <main id="main">
        <h1>{t("sent.title")}</h1>
        <p>{t("sent.body", { email: loaderData.sent })}</p>
        <p className="hint">{t("sent.notReceived")}</p>
        <ResendActivationForm email={loaderData.sent} label={t("sent.resend")} pendingLabel={t("sent.resending")} />
      </main>
    );
  }
  return (
    <RegisterForm
      captchaSiteKey={loaderData.captchaSiteKey}
      otherWays={loaderData.otherWays}
      email={loaderData.email}
      failure={actionData ?? undefined}
    />
  );
}

function RegisterForm({
  captchaSiteKey,
  otherWays,
  email,
  failure,
}: {
  captchaSiteKey: string | null;
  otherWays: boolean;
  email: string;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("register");
  const location = useLocation();
  const submitting = usePendingSubmit({ action: "/login/registeremail" });
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};

  // With JavaScript, take the person to the first field that needs fixing.
  useEffect(() => {
    const first = failure ? Object.keys(failure.fieldErrors)[0] : undefined;
    if (first) document.getElementById(`field-${first}`)?.focus();
  }, [failure]);

  return (
    <main id="main">
      <h1>{t("form.title")}</h1>
      <p className="hint">{t("form.lead")}</p>
      {/* Remounts after each submit: like without JavaScript, a failed form comes back with what
          was typed, except the passwords. */}
      <Form method="post" noValidate className="stack" key={location.key}>
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        <AccountField name="name" label={t("form.name")} hint={t("form.nameHint")} failure={failure} />
        <AccountField name="email" label={t("form.email")} failure={failure} defaultValue={email} />
        <AccountField
          name="username"
          label={t("form.username")}
          hint={t("form.usernameHint")}
          failure={failure}
          required
        />
        <NewPasswordFields
          labels={{ password: t("form.password"), confirm: t("form.confirmPassword") }}
          hint={t("form.passwordHint")}
          failure={failure}
        />
        <AcceptTerms checked={values.acceptTerms === "on"} error={errors.acceptTerms?.[0]} />
        {captchaSiteKey ? (
          <CaptchaWidget siteKey={captchaSiteKey} error={errors.captcha?.[0]} attempt={failure} />
        ) : null}
        <SubmitButton className="button-block" pending={submitting} pendingLabel={t("form.submitting")}>
          {t("form.submit")}
        </SubmitButton>
      </Form>
      {otherWays ? (
        <p>
          <Link className="standalone-link" to="/login/register">
            {t("form.otherWays")}
          </Link>
        </p>
      ) : null}
      <p>
        {t("form.haveAccount")} <Link to="/login">{t("form.signIn")}</Link>
      </p>
    </main>
  );
}

/** The Terms and AUP acceptance: a real checkbox whose label links to both documents. */
function AcceptTerms({ checked, error }: { checked: boolean; error?: string }) {
  const { t } = useTranslation("register");
  const message = useFormMessage();
  return (
    <div className="field field-checkbox">
      <label htmlFor="field-acceptTerms">
        <input
          id="field-acceptTerms"
          type="checkbox"
          name="acceptTerms"
          defaultChecked={checked}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "field-acceptTerms-error" : undefined}
        />
        <span>
          <Trans
            t={t}
            i18nKey="form.accept"
            components={{
              terms: <Link to="/about/terms" target="_blank" />,
              aup: <Link to="/about/aup" target="_blank" />,
            }}
          />
        </span>
      </label>
      {error ? (
        <p className="field-error" id="field-acceptTerms-error">
          {message(error)}
        </p>
      ) : null}
    </div>
  );
}
