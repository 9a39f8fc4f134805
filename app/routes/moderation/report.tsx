import { data, Form, Link, redirect } from "react-router";
import { Field, FormError } from "~/components/form/field";
import { SubmitButton } from "~/components/form/submit-button";
import { usePendingSubmit } from "~/components/form/use-pending-submit";
import { userContext } from "~/context";
import { directReportSchema, directTargetSchema } from "~/lib/forms/moderation";
import { type FormFailure, parseForm, parseValues } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { REPORT_REASON_MAX } from "~/lib/moderation";
import { safeRedirectPath } from "~/lib/safe-redirect";
import moderation from "~/locales/en/moderation.json";
import { loadReportPreview, reportDirect } from "~/server/moderation/direct-reports.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/report";

registerNamespace("moderation", moderation);

/**
 * /report?type=message|mail|user&id=…&back=…: reporting a chat message, an inbox message or a
 * person to the operators (decision 186), with a reason. A page of its own, so the "Report"
 * links in a message's or a person's menu work the same with and without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = parseValues(directTargetSchema, {
    type: url.searchParams.get("type"),
    id: url.searchParams.get("id"),
  });
  if (!target.ok) throw data(null, { status: 404, statusText: "Not Found" });
  const preview = await loadReportPreview(context.get(userContext)!.id, target.data);
  if (!preview) throw data(null, { status: 404, statusText: "Not Found" });
  const back = safeRedirectPath(url.searchParams.get("back"), "/newsfeed");
  return { target: target.data, preview, back };
}

export const meta: Route.MetaFunction = () => [{ title: "Report — SchoolHub" }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = parseForm(directReportSchema, formData);
  if (!parsed.ok) return data({ failure: parsed as FormFailure }, { status: 400 });
  const { targetType, targetId, reason } = parsed.data;
  const done = await reportDirect(context.get(userContext)!, { type: targetType, id: targetId }, reason);
  if (!done) throw data(null, { status: 404, statusText: "Not Found" });
  const back = safeRedirectPath(parsed.data.returnTo, "/newsfeed");
  return redirect(back, { headers: await flashToast(request, { kind: "success", key: "moderation:report.sent" }) });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("moderation");
  const { target, preview, back } = loaderData;
  const failure = actionData?.failure;
  const person = target.type === "user";
  const sending = usePendingSubmit({ field: "reason" });
  return (
    <main id="main" className="report-page stack">
      <h1>{person ? t("report.titlePerson", { name: preview.authorName }) : t("report.titleMessage")}</h1>
      {person ? null : (
        <figure className="card report-preview">
          <figcaption className="hint">{t("by", { name: preview.authorName })}</figcaption>
          <blockquote dir="auto">{preview.body}</blockquote>
        </figure>
      )}
      <p>{t("report.lead")}</p>
      <Form method="post" className="stack">
        <FormError error={failure?.formError} />
        <input type="hidden" name="targetType" value={target.type} />
        <input type="hidden" name="targetId" value={target.id} />
        <input type="hidden" name="returnTo" value={back} />
        <Field
          label={person ? t("report.reasonPerson") : t("report.reasonMessage")}
          name="reason"
          errors={failure?.fieldErrors.reason}
          errorValues={{ max: REPORT_REASON_MAX }}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              required
              maxLength={REPORT_REASON_MAX}
              defaultValue={failure?.values.reason}
            />
          )}
        </Field>
        <div className="confirm-actions">
          <SubmitButton pending={sending} pendingLabel={t("report.sending")}>
            {t("report.send")}
          </SubmitButton>
          <Link to={back}>{t("report.cancel")}</Link>
        </div>
      </Form>
    </main>
  );
}
