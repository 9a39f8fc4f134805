import { data, redirect } from "react-router";
import { InvitationPage } from "~/components/invitations/invitation-page";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { joinWithSecret } from "~/server/invitations/invites.server";
import { joinedRedirect, joinFailure } from "~/server/invitations/join-answer.server";
import { looksLikeToken } from "~/server/invitations/secrets.server";
import { commitSession, getSession } from "~/server/session/session.server";
import stylesUrl from "~/styles/invitations.css?url";
import type { Route } from "./+types/join-link";

registerNamespace("invitations", invitations);

/** The ways in, a button and a link, spaced as on /join (invitations.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

/**
 * /join/{token}: an invitation link. A guest is offered to sign in or register; the session keeps
 * the link, so signing in after registering and activating comes back here (decision 155). A
 * signed-in person confirms with one button (a GET never joins). No D1 read: nothing about the
 * community is shown before the token is tried.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const metaTitle = getInstance(context).t("invitations:join.invitedTitle");
  const here = `/join/${encodeURIComponent(params.token ?? "")}`;
  if (context.get(userContext)) return { metaTitle, guest: null };
  const session = await getSession(request);
  session.set("afterSignIn", here);
  return data(
    { metaTitle, guest: { signIn: `/login?redirectTo=${encodeURIComponent(here)}`, register: "/login/register" } },
    { headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!context.get(userContext))
    throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  const token = params.token ?? "";
  const result = looksLikeToken(token)
    ? await joinWithSecret(context.get(userContext)!, { token }, clientAddress(request))
    : ({ status: "wrong" } as const);
  if (result.status === "joined") {
    // As with the code: a class's parents name their child next (decision 174).
    return joinedRedirect(request, result, `/communities/${result.communityId}/child`);
  }
  const failure = joinFailure(result, true);
  return { error: getInstance(context).t(failure.key as "invitations:join.wrong", failure.values) };
}

export default function JoinLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("invitations");
  const { guest } = loaderData;
  return (
    <InvitationPage
      title={t("join.invitedTitle")}
      text={<p>{t("join.invitedText")}</p>}
      guest={guest ? { ...guest, text: t("join.guestText") } : null}
      error={actionData?.error}
    />
  );
}
