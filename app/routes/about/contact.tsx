import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import { aboutMeta } from "~/components/about/about-document";
import { AboutNav } from "~/components/about/about-nav";
import { ContactField } from "~/components/about/contact-field";
import { userContext } from "~/context";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  type ContactField as Field,
  HONEYPOT_FIELD,
} from "~/lib/contact-fields";
import { contactFormSchema } from "~/lib/contact-form";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import about from "~/locales/en/about.json";
import { getInstance } from "~/middleware/i18next";
import { submitContactMessage } from "~/server/contact.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/contact";
import { translateAboutMeta } from "./meta.server";

registerNamespace("about", about);

type Values = Partial<Record<Field, string>>;
type Errors = Partial<Record<Field, string>>;

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const prefill: Values = user ? { name: user.name, email: user.email } : {};
  return { ...translateAboutMeta(context, "contact"), prefill };
}

// Works completely as plain HTML: a guest gets no scripts here (decision 043).
export const handle: HydrationHandle = { hydrate: false };

export const meta: Route.MetaFunction = aboutMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const sent = async () =>
    redirect("/about/contact", { headers: await flashToast(request, { kind: "success", key: "about:contact.sent" }) });

  // A filled honeypot is a bot: it is told "sent" and nothing is stored or mailed.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return sent();

  const parsed = contactFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
    const values: Values = {};
    for (const field of CONTACT_FIELDS) {
      const value = formData.get(field);
      if (typeof value === "string") values[field] = value;
    }
    return data({ errors, values }, { status: 400 });
  }

  const { name, email, topic, message } = parsed.data;
  const userId = context.get(userContext)?.id ?? null;
  await submitContactMessage({ name, email, topic, message, userId }, getInstance(context).getFixedT(null, "about"));
  return sent();
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.formData != null;
  const errors: Errors = actionData?.errors ?? {};
  const values: Values = actionData?.values ?? loaderData.prefill;

  // With JavaScript, take the user straight to the first field that needs fixing.
  useEffect(() => {
    const first = actionData ? Object.keys(actionData.errors)[0] : undefined;
    if (first) document.getElementById(`contact-${first}`)?.focus();
  }, [actionData]);

  return (
    <main id="main" className="prose">
      <AboutNav />
      <h1>{t("contact.title")}</h1>
      <p>{t("contact.lead")}</p>
      <p>
        <strong>{t("contact.urgent")}</strong>
      </p>
      {/* Remounts after each submit: a sent form starts empty, a failed one shows what was typed. */}
      <Form method="post" noValidate key={location.key} className="card">
        {actionData ? (
          <p className="form-error" role="alert">
            {t("contact.invalid")}
          </p>
        ) : null}
        <ContactField name="name" label={t("contact.name")} error={errors.name}>
          {(control) => (
            <input
              {...control}
              defaultValue={values.name}
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.nameMax}
            />
          )}
        </ContactField>
        <ContactField name="email" label={t("contact.email")} hint={t("contact.emailHint")} error={errors.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              defaultValue={values.email}
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.emailMax}
            />
          )}
        </ContactField>
        <ContactField name="topic" label={t("contact.topic")} error={errors.topic}>
          {(control) => (
            <select {...control} defaultValue={values.topic ?? ""} required>
              <option value="" disabled>
                {t("contact.topicPlaceholder")}
              </option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topics.${topic}`)}
                </option>
              ))}
            </select>
          )}
        </ContactField>
        <ContactField
          name="message"
          label={t("contact.message")}
          hint={t("contact.messageHint")}
          error={errors.message}
        >
          {(control) => (
            <textarea
              {...control}
              defaultValue={values.message}
              rows={8}
              required
              maxLength={CONTACT_LIMITS.messageMax}
            />
          )}
        </ContactField>
        <div className="honeypot">
          <label htmlFor="contact-website">{t("contact.honeypot")}</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" disabled={pending}>
          {pending ? t("contact.sending") : t("contact.submit")}
        </button>
      </Form>
    </main>
  );
}
