import { useEffect } from "react";
import { data, Form, redirect, useLocation } from "react-router";
import { aboutMeta } from "~/components/about/about-document";
import { AboutNav } from "~/components/about/about-nav";
import { Field, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { userContext } from "~/context";
import { CONTACT_LIMITS, CONTACT_TOPICS, HONEYPOT_FIELD } from "~/lib/contact-fields";
import { contactFormSchema } from "~/lib/contact-form";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import about from "~/locales/en/about.json";
import { translatorFor } from "~/middleware/i18next";
import { submitContactMessage } from "~/server/about/contact.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/contact";
import { translateAboutMeta } from "./meta.server";

registerNamespace("about", about);

export function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const prefill: Record<string, string> = user ? { name: user.name, email: user.email } : {};
  return { ...translateAboutMeta(context, "contact"), prefill };
}

// Works completely as plain HTML: a guest gets no scripts here (decision 043).
export const handle: HydrationHandle & DescriptionHandle = {
  hydrate: false,
  guestStyles: ["forms"],
  description: "about:contact.meta.description",
};

export const meta: Route.MetaFunction = aboutMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const sent = async () =>
    redirect("/about/contact", { headers: await flashToast(request, { kind: "success", key: "about:contact.sent" }) });

  // A filled honeypot is a bot: it is told "sent" and nothing is stored or mailed.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return sent();

  const parsed = parseForm(contactFormSchema, formData);
  if (!parsed.ok) return data({ ...parsed, formError: "about:contact.invalid" }, { status: 400 });

  const { name, email, topic, message } = parsed.data;
  const sender = context.get(userContext);
  await submitContactMessage({ name, email, topic, message, sender }, translatorFor(context));
  return sent();
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const location = useLocation();
  const pending = usePendingSubmit({ action: "/about/contact" });
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? loaderData.prefill;

  // With JavaScript, take the user straight to the first field that needs fixing.
  useEffect(() => {
    const first = actionData ? Object.keys(actionData.fieldErrors)[0] : undefined;
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
        <FormError error={actionData?.formError} />
        <Field id="contact-name" name="name" label={t("contact.name")} errors={errors.name}>
          {(control) => (
            <input
              {...control}
              defaultValue={values.name}
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.nameMax}
            />
          )}
        </Field>
        <Field
          id="contact-email"
          name="email"
          label={t("contact.email")}
          hint={t("contact.emailHint")}
          errors={errors.email}
        >
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
        </Field>
        <Field id="contact-topic" name="topic" label={t("contact.topic")} errors={errors.topic}>
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
        </Field>
        <Field
          id="contact-message"
          name="message"
          label={t("contact.message")}
          hint={t("contact.messageHint")}
          errors={errors.message}
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
        </Field>
        <div className="honeypot">
          <label htmlFor="contact-website">{t("contact.honeypot")}</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("contact.sending")}>
          {t("contact.submit")}
        </SubmitButton>
      </Form>
    </main>
  );
}
