import { redirect } from "react-router";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { joinWithSecret } from "~/server/invitations/invites.server";
import { joinFailure } from "~/server/invitations/join-answer.server";
import { looksLikeToken } from "~/server/invitations/secrets.server";
import { flashToast } from "~/server/session/session.server";
import type { Route } from "./+types/join-link";

registerNamespace("invitations", invitations);

/**
 * /join/{token}: an invitation link. A guest is sent to sign in (or register) and back here by the
 * require-user layout; a signed-in person confirms with one button (a GET never joins).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("invitations:join.invitedTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

export async function action({ request, context, params }: Route.ActionArgs) {
  const token = params.token ?? "";
  const result = looksLikeToken(token)
    ? await joinWithSecret(context.get(userContext)!, { token }, clientAddress(request))
    : ({ status: "wrong" } as const);
  if (result.status === "joined") {
    return redirect(`/communities/${result.communityId}`, {
      headers: await flashToast(request, {
        kind: "success",
        key: "invitations:join.joined",
        values: { name: result.name },
      }),
    });
  }
  const failure = joinFailure(result, true);
  return { error: getInstance(context).t(failure.key as "invitations:join.wrong", failure.values) };
}

export default function JoinLink({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("invitations");
  return (
    <main id="main">
      <h1>{t("join.invitedTitle")}</h1>
      {actionData?.error ? (
        <p className="field-error" role="alert">
          {actionData.error}
        </p>
      ) : (
        <p>{t("join.invitedText")}</p>
      )}
      <form method="post">
        <button type="submit">{t("join.accept")}</button>
      </form>
    </main>
  );
}
