import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { ResendActivationForm } from "~/components/auth/resend-activation-form";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { CurrentPasswordField } from "~/components/form/current-password-field";
import { Field, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { userContext } from "~/context";
import { formFailure, parseForm } from "~/lib/forms/parse";
import { rateLimited } from "~/lib/forms/rate-limited.server";
import { readFormData } from "~/lib/forms/read-form.server";
import { signInSchema } from "~/lib/forms/sign-in";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import { safeRedirectPath } from "~/lib/safe-redirect";
import auth from "~/locales/en/auth.json";
import { getInstance } from "~/middleware/i18next";
import { enabledProviders } from "~/server/auth/providers.server";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { HOME_AFTER_SIGN_IN, renewRevokedSession, startWebSession } from "~/server/session/web-session.server";
import type { Route } from "./+types/sign-in";

registerNamespace("auth", auth);

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const user = context.get(userContext);
  // A write refused a revoked token and sent its page here: renew or end that session first.
  const renewal = user ? await renewRevokedSession(request, user, redirectTo) : null;
  if (user && !renewal) throw redirect(safeRedirectPath(redirectTo, HOME_AFTER_SIGN_IN));
  const page = {
    metaTitle: getInstance(context).t("auth:signIn.metaTitle"),
    redirectTo,
    providers: enabledProviders(),
  };
  return renewal ? data(page, { headers: renewal.signedOut }) : page;
}

// Document responses only carry a route's own headers when it passes them on (Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];
export const handle: DescriptionHandle = { description: "auth:signIn.metaDescription" };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(signInSchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });

  const result = await signInWithPassword({ ...parsed.data, address: clientAddress(request) });
  switch (result.status) {
    case "signed_in":
      return startWebSession(request, result.userId, result.tokens, parsed.data.redirectTo);
    case "invalid":
      return data(formFailure(formData, "auth:signIn.invalid"), { status: 401 });
    case "not_activated":
      return data(formFailure(formData, "auth:signIn.notActivated", { email: result.email }), { status: 403 });
    case "rate_limited":
      return rateLimited(formData, "auth:signIn.rateLimited", result.retryAfterSeconds);
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  // Only this form's own submission: the resend-activation form posts elsewhere.
  const submitting = usePendingSubmit({ field: "identifier" });
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const values = failure?.values ?? {};
  const redirectTo = values.redirectTo ?? loaderData.redirectTo ?? "";
  return (
    <main id="main">
      <h1>{t("signIn.title")}</h1>
      <p className="hint">{t("signIn.lead")}</p>
      {/* /login/signin is the same page: posting there keeps "?index" out of the address. */}
      <Form method="post" action="/login/signin" noValidate className="stack">
        <FormError error={failure?.formError} values={failure?.formErrorValues} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label={t("signIn.identifier")}
          name="identifier"
          autoComplete="username"
          required
          defaultValue={values.identifier}
          errors={failure?.fieldErrors.identifier}
        />
        <CurrentPasswordField name="password" label={t("signIn.password")} failure={failure} />
        <SubmitButton className="button-block" pending={submitting} pendingLabel={t("signIn.submitting")}>
          {t("signIn.submit")}
        </SubmitButton>
      </Form>
      <SocialSignIn providers={loaderData.providers} redirectTo={redirectTo} />
      {failure?.formError === "auth:signIn.notActivated" && failure.formErrorValues?.email ? (
        <ResendActivationForm
          email={String(failure.formErrorValues.email)}
          label={t("signIn.resend")}
          pendingLabel={t("signIn.resending")}
        />
      ) : null}
      <p>
        <Link className="standalone-link" to="/login/resetpassword">
          {t("signIn.forgot")}
        </Link>
      </p>
      <p>
        {t("signIn.noAccount")} <Link to="/login/register">{t("signIn.register")}</Link>
      </p>
    </main>
  );
}
