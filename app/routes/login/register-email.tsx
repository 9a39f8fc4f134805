import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { CaptchaWidget } from "~/components/auth/captcha-widget";
import { ResendActivationForm } from "~/components/auth/resend-activation-form";
import { Field } from "~/components/form/field";
import { userContext } from "~/context";
import { type FormFailure, parseForm, typedValues } from "~/lib/forms/parse";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, registerSchema, USERNAME_MAX_LENGTH } from "~/lib/forms/register";
import { registerNamespace } from "~/lib/i18n-client";
import register from "~/locales/en/register.json";
import { getInstance } from "~/middleware/i18next";
import { captchaSiteKey } from "~/server/auth/captcha.server";
import { enabledProviders } from "~/server/auth/providers.server";
import { registerUser } from "~/server/auth/registration.server";
import { HOME_AFTER_SIGN_IN } from "~/server/auth/web-sign-in.server";
import type { Route } from "./+types/register-email";
import { captchaError, mailContext } from "./link-mail-helpers.server";

registerNamespace("register", register);

/** Where a new account lands: the "check your email" state of this page. */
const sentPath = (email: string) => `/login/registeremail?sent=${encodeURIComponent(email)}`;

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect(HOME_AFTER_SIGN_IN);
  return {
    metaTitle: getInstance(context).t("register:form.metaTitle"),
    sent: new URL(request.url).searchParams.get("sent"),
    captchaSiteKey: captchaSiteKey(),
    // "Other ways to register" only when there are other ways (Google, Apple configured).
    otherWays: Object.values(enabledProviders()).some(Boolean),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const parsed = parseForm(registerSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });

  // The captcha is asked only of a form that is otherwise fine: an answer works once.
  const captcha = await captchaError(request, formData);
  if (captcha) return data(failure(formData, { captcha: [captcha] }), { status: 400 });

  const result = await registerUser(parsed.data, mailContext(request, context));
  if (result.status === "taken") {
    const fieldErrors: FormFailure["fieldErrors"] = {};
    if (result.email) fieldErrors.email = ["register:errors.emailTaken"];
    if (result.username) fieldErrors.username = ["register:errors.usernameTaken"];
    return data(failure(formData, fieldErrors), { status: 409 });
  }
  return redirect(sentPath(parsed.data.email));
}

function failure(formData: FormData, fieldErrors: FormFailure["fieldErrors"]): FormFailure {
  return { ok: false, fieldErrors, values: typedValues(formData) };
}

export default function RegisterEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("register");
  if (loaderData.sent) {
    return (
      <main id="main">
        <h1>{t("sent.title")}</h1>
        <p>{t("sent.body", { email: loaderData.sent })}</p>
        <p className="hint">{t("sent.notReceived")}</p>
        <ResendActivationForm email={loaderData.sent} label={t("sent.resend")} />
      </main>
    );
  }
  return (
    <RegisterForm
      captchaSiteKey={loaderData.captchaSiteKey}
      otherWays={loaderData.otherWays}
      failure={actionData ?? undefined}
    />
  );
}

function RegisterForm({
  captchaSiteKey,
  otherWays,
  failure,
}: {
  captchaSiteKey: string | null;
  otherWays: boolean;
  failure?: FormFailure;
}) {
  const { t } = useTranslation("register");
  const navigation = useNavigation();
  const location = useLocation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login/registeremail");
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
        <Field
          label={t("form.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          hint={t("form.nameHint")}
          defaultValue={values.name}
          errors={errors.name}
        />
        <Field
          label={t("form.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={values.email}
          errors={errors.email}
        />
        <Field
          label={t("form.username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={USERNAME_MAX_LENGTH}
          hint={t("form.usernameHint")}
          defaultValue={values.username}
          errors={errors.username}
        />
        <Field
          label={t("form.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t("form.passwordHint")}
          errors={errors.password}
        />
        <Field
          label={t("form.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          errors={errors.confirmPassword}
        />
        <AcceptTerms checked={values.acceptTerms === "on"} error={errors.acceptTerms?.[0]} />
        {captchaSiteKey ? (
          <CaptchaWidget siteKey={captchaSiteKey} error={errors.captcha?.[0]} attempt={failure} />
        ) : null}
        <button type="submit" className="button-block" disabled={submitting}>
          {submitting ? t("form.submitting") : t("form.submit")}
        </button>
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
  const message = t as unknown as (key: string) => string;
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
