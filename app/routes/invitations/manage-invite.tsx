import { data, redirect } from "react-router";
import { ManageNav } from "~/components/communities/manage-nav";
import { InviteSheet } from "~/components/invitations/invite-sheet";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { isLanguageCode, LANGUAGES, type LanguageCode } from "~/lib/languages";
import communities from "~/locales/en/communities.json";
import invitations from "~/locales/en/invitations.json";
import { getLocale } from "~/middleware/i18next";
import { changeInvite, getInvitePage, type InviteChange } from "~/server/invitations/invites.server";
import { inviteLink, qrSvg, sheetTexts } from "~/server/invitations/sheet.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/manage-invite";
import { communityIdOf, invitationStyles } from "./manage-page";

registerNamespace("communities", communities);
registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = invitationStyles;

/** /communities/{id}/manage/invite: the code and link, their state, and the sheet to print. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = communityIdOf(params);
  const page = await getInvitePage(context.get(userContext)!.id, id);
  if (page.status === "not_found") throw data(null, { status: 404, statusText: "Not Found" });
  if (page.status === "forbidden") throw data(null, { status: 403, statusText: "Forbidden" });
  const url = new URL(request.url);
  const every = url.searchParams.get("languages") === "all";
  const locale = getLocale(context);
  const mine: LanguageCode = isLanguageCode(locale) ? locale : "en";
  const { invite } = page;
  const live = invite?.enabled && (invite.expiresAt === null || invite.expiresAt > Date.now()) ? invite : null;
  const link = live ? inviteLink(url.origin, live.token) : null;
  return {
    community: { id: page.community.id, name: page.community.name },
    invite: invite ? { ...invite, expired: invite.expiresAt !== null && invite.expiresAt <= Date.now() } : null,
    link,
    qr: link ? await qrSvg(link) : null,
    every,
    sheets: sheetTexts(every ? LANGUAGES.map((language) => language.code) : [mine], page.community.name),
    joins: page.joins,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.community.name ?? ""} — SchoolHub` },
];

function changeOf(fields: Record<string, FormDataEntryValue>): InviteChange | null {
  const intent = String(fields.intent ?? "");
  if (intent === "on" || intent === "rotate" || intent === "off") return { intent };
  if (intent === "expiry") {
    const day = String(fields.expiresOn ?? "");
    if (day === "") return { intent, expiresAt: null };
    const at = Date.parse(`${day}T23:59:59Z`);
    return Number.isNaN(at) ? null : { intent, expiresAt: at };
  }
  return null;
}

/** POST: turn on, rotate, turn off, set the expiry (managers only, checked by the service). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = communityIdOf(params);
  const change = changeOf(Object.fromEntries(await readFormData(request)));
  if (!change) throw data(null, { status: 400 });
  const done = await changeInvite(context.get(userContext)!, id, change);
  if (!done) throw data(null, { status: 403, statusText: "Forbidden" });
  return redirect(`/communities/${id}/manage/invite`, {
    headers: await flashToast(request, { kind: "success", key: "invitations:manage.saved" }),
  });
}

export default function ManageInvite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["invitations", "communities"]);
  const { community, invite, link, qr, sheets, joins, every } = loaderData;
  const here = `/communities/${community.id}/manage/invite`;
  const button = (intent: string, label: string) => (
    <form method="post" action={here} className="invite-action">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit">{label}</button>
    </form>
  );
  return (
    <main id="main" className="invite-page">
      <div className="invite-controls">
        <h1>{t("communities:manage.title", { name: community.name })}</h1>
        <ManageNav communityId={community.id} name={community.name} />
        <h2>{t("invitations:manage.heading")}</h2>
        <p>{t("invitations:manage.joins", joins)}</p>
        {invite?.enabled ? (
          <>
            <dl className="invite-facts">
              <dt>{t("invitations:manage.code")}</dt>
              <dd className="invite-code" data-testid="join-code">
                {invite.code}
              </dd>
              <dt>{t("invitations:manage.link")}</dt>
              <dd className="invite-link">{link ?? t("invitations:manage.expired")}</dd>
            </dl>
            <form method="post" action={here} className="invite-expiry">
              <input type="hidden" name="intent" value="expiry" />
              <label>
                {t("invitations:manage.expires")}{" "}
                <input
                  type="date"
                  name="expiresOn"
                  defaultValue={invite.expiresAt ? new Date(invite.expiresAt).toISOString().slice(0, 10) : ""}
                />
              </label>
              <button type="submit">{t("invitations:manage.setExpiry")}</button>
            </form>
            {button("rotate", t("invitations:manage.rotate"))}
            <p className="hint">{t("invitations:manage.rotateHint")}</p>
            {button("off", t("invitations:manage.turnOff"))}
            <p className="invite-languages">
              <a href={every ? here : `${here}?languages=all`}>
                {every ? t("invitations:manage.oneLanguage") : t("invitations:manage.allLanguages")}
              </a>
            </p>
          </>
        ) : (
          <>
            <p>{t("invitations:manage.off")}</p>
            {button("on", t("invitations:manage.turnOn"))}
          </>
        )}
      </div>
      {invite?.enabled && link && qr ? (
        <InviteSheet name={community.name} code={invite.code} link={link} qr={qr} sheets={sheets} />
      ) : null}
    </main>
  );
}
