import { data, redirect } from "react-router";
import { ManageNav } from "~/components/communities/manage-nav";
import { RosterList, RosterPreview } from "~/components/invitations/roster";
import { userContext } from "~/context";
import { parseId } from "~/lib/forms/communities";
import { withoutControls } from "~/lib/forms/plain-text";
import { readLimitedForm, uploadedFiles } from "~/lib/forms/read-form.server";
import { parseRoster, ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, rosterFormSchema } from "~/lib/forms/roster";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import communities from "~/locales/en/communities.json";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import {
  checkRoster,
  getRosterPage,
  ROSTER_MAILS_PER_DAY,
  resendInvitation,
  sendRoster,
} from "~/server/invitations/roster.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/manage-roster";
import { communityIdOf, invitationStyles } from "./manage-page";

registerNamespace("communities", communities);
registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = invitationStyles;

function refuse(status: "not_found" | "forbidden"): never {
  throw data(
    null,
    status === "not_found" ? { status: 404, statusText: "Not Found" } : { status: 403, statusText: "Forbidden" },
  );
}

/** The answer when the manager's invitation mails for 24 hours are used up. */
function limitedText(t: ReturnType<typeof getInstance>["t"], retryAfterSeconds: number) {
  return t("invitations:roster.limited", {
    limit: ROSTER_MAILS_PER_DAY.limit,
    count: Math.ceil(retryAfterSeconds / 3600),
  });
}

/** /communities/{id}/manage/roster: invite a roster by e-mail, and every invitation's state (decision 173). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await getRosterPage(context.get(userContext)!.id, communityIdOf(params));
  if (page.status !== "ok") refuse(page.status);
  return { community: { id: page.community.id, name: page.community.name }, invitations: page.invitations };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.community.name ?? ""} — SchoolHub` },
];

/**
 * POST: "preview" checks the pasted text (or the uploaded CSV, whose text comes back in the box)
 * and answers what would happen to each row; "send" checks and sends in one request; "resend"
 * mails one invitation again. Managers only, checked by the service.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = communityIdOf(params);
  const actor = context.get(userContext)!;
  const t = getInstance(context).t;
  const here = `/communities/${id}/manage/roster`;
  const origin = new URL(request.url).origin;
  const read = await readLimitedForm(request, ROSTER_MAX_BYTES + 16 * 1024);
  if ("tooLarge" in read)
    return data({ error: t("invitations:roster.tooLarge"), text: "", rows: null }, { status: 413 });
  const form = read.formData;
  if (form.get("intent") === "resend") {
    const invitationId = parseId(String(form.get("invitationId") ?? ""));
    const resent = invitationId === null ? null : await resendInvitation(actor, id, invitationId, origin);
    if (resent?.status === "limited")
      return data({ error: limitedText(t, resent.retryAfterSeconds), text: "", rows: null }, { status: 429 });
    if (resent?.count !== 1) refuse("forbidden");
    return redirect(here, {
      headers: await flashToast(request, { kind: "success", key: "invitations:roster.resent" }),
    });
  }
  const file = uploadedFiles(form, "file").find((one) => one.size > 0);
  const parsed = rosterFormSchema.safeParse({
    intent: form.get("intent"),
    // The file's text by the same rule as the box's (decision 114): no control characters.
    roster: file ? withoutControls(await file.text(), true) : (form.get("roster") ?? ""),
  });
  if (!parsed.success) return data({ error: t("invitations:roster.tooLarge"), text: "", rows: null }, { status: 400 });
  const text = parsed.data.roster;
  const rows = parseRoster(text);
  const fail = (error: string) => data({ error, text, rows: null }, { status: 400 });
  if (rows.length === 0) return fail(t("invitations:roster.empty"));
  if (rows.length > ROSTER_MAX_ROWS) return fail(t("invitations:roster.tooMany", { rows: rows.length }));
  if (parsed.data.intent === "send") {
    const sent = await sendRoster(actor, id, rows, origin);
    if (sent.status === "limited")
      return data({ error: limitedText(t, sent.retryAfterSeconds), text, rows: null }, { status: 429 });
    if (sent.count === 0) {
      const checked = await checkRoster(actor.id, id, rows);
      if (checked.status !== "ok") refuse(checked.status);
      return data({ error: t("invitations:roster.nothingNew"), text, rows: checked.rows }, { status: 400 });
    }
    return redirect(here, {
      headers: await flashToast(request, {
        kind: "success",
        key: "invitations:roster.sent",
        values: { count: sent.count },
      }),
    });
  }
  const checked = await checkRoster(actor.id, id, rows);
  if (checked.status !== "ok") refuse(checked.status);
  return { error: null, text, rows: checked.rows };
}

export default function ManageRoster({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["invitations", "communities"]);
  const { community, invitations } = loaderData;
  const here = `/communities/${community.id}/manage/roster`;
  const rows = actionData?.rows ?? null;
  return (
    <main id="main" className="roster-page">
      <h1>{t("communities:manage.title", { name: community.name })}</h1>
      <ManageNav communityId={community.id} name={community.name} />
      <h2>{t("invitations:roster.heading")}</h2>
      <p className="hint" id="roster-hint">
        {t("invitations:roster.intro")}
      </p>
      {/* Remounts with each answer, so the box shows the text that was checked (or the file's).
          The answer opens at its buttons and the check's summary (#roster-actions): on a phone
          the page would otherwise reload at its top, looking as if nothing had happened. */}
      <form
        method="post"
        action={`${here}#roster-actions`}
        encType="multipart/form-data"
        className="stack"
        key={actionData?.text ?? ""}
      >
        <label htmlFor="roster-text">{t("invitations:roster.label")}</label>
        <textarea
          id="roster-text"
          name="roster"
          rows={8}
          defaultValue={actionData?.text ?? ""}
          aria-describedby="roster-hint"
          aria-invalid={actionData?.error ? true : undefined}
        />
        <label>
          {t("invitations:roster.file")} <input type="file" name="file" accept=".csv,text/csv,text/plain" />
        </label>
        {actionData?.error ? (
          <p className="field-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <p className="roster-actions" id="roster-actions">
          <button type="submit" name="intent" value="preview">
            {t("invitations:roster.check")}
          </button>
          {rows?.some((row) => row.status === "new") ? (
            <button type="submit" name="intent" value="send" className="button-primary">
              {t("invitations:roster.send", { count: rows.filter((row) => row.status === "new").length })}
            </button>
          ) : null}
        </p>
      </form>
      {rows ? <RosterPreview rows={rows} /> : null}
      <RosterList action={here} invitations={invitations} />
    </main>
  );
}
