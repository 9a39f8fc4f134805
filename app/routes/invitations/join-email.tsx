import { data, redirect } from "react-router";
import { InvitationPage } from "~/components/invitations/invitation-page";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { joinedRedirect } from "~/server/invitations/join-answer.server";
import { acceptRosterInvitation, peekRosterInvitation } from "~/server/invitations/roster-join.server";
import { commitSession, getSession } from "~/server/session/session.server";
import stylesUrl from "~/styles/invitations.css?url";
import type { Route } from "./+types/join-email";

registerNamespace("invitations", invitations);

/** The ways in, a button and a link, spaced as on /join (invitations.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/**
 * /join/email/{token}: an invitation mailed from a roster (decision 173). The page names the
 * community; a guest is offered registration with the invited address filled in, or sign-in, and
 * the session keeps the link so both come back here. A signed-in person, under any address,
 * joins with one button (a GET never joins).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const found = await peekRosterInvitation(token);
  const metaTitle = getInstance(context).t("invitations:join.invitedTitle");
  const invitation = found ? { name: found.name } : null;
  if (context.get(userContext) || !found) return { metaTitle, invitation, guest: null };
  const here = `/join/email/${encodeURIComponent(token)}`;
  const session = await getSession(request);
  session.set("afterSignIn", here);
  return data(
    {
      metaTitle,
      invitation,
      guest: {
        email: found.email,
        signIn: `/login?redirectTo=${encodeURIComponent(here)}`,
        register: `/login/registeremail?email=${encodeURIComponent(found.email)}`,
      },
    },
    { headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = context.get(userContext);
  if (!actor) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const result = await acceptRosterInvitation(actor, params.token ?? "");
  if (result.status === "joined") {
    return joinedRedirect(request, result);
  }
  const t = getInstance(context).t;
  return { error: result.status === "banned" ? t("invitations:join.banned") : t("invitations:email.wrong") };
}

export default function JoinEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("invitations");
  const { guest, invitation } = loaderData;
  if (!invitation) {
    return (
      <main id="main">
        <h1>{t("join.invitedTitle")}</h1>
        <p className="field-error" role="alert">
          {t("email.wrong")}
        </p>
      </main>
    );
  }
  return (
    <InvitationPage
      title={t("email.title", { name: invitation.name })}
      text={null}
      guest={guest ? { ...guest, text: t("email.guestText", { email: guest.email }) } : null}
      error={actionData?.error}
    />
  );
}
