import { JoinCodeForm } from "~/components/invitations/join-code-form";
import { userContext } from "~/context";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import invitations from "~/locales/en/invitations.json";
import { getInstance } from "~/middleware/i18next";
import { clientAddress } from "~/server/auth/rate-limit.server";
import { joinWithSecret } from "~/server/invitations/invites.server";
import { joinedRedirect, joinFailure } from "~/server/invitations/join-answer.server";
import stylesUrl from "~/styles/invitations.css?url";
import type { Route } from "./+types/join";

registerNamespace("invitations", invitations);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("invitations:join.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.metaTitle ?? ""} — SchoolHub` }];

/** POST /join {code}: joins the community of a join code (decision 155). */
export async function action({ request, context }: Route.ActionArgs) {
  const code = String((await readFormData(request)).get("code") ?? "").slice(0, 32);
  const result = await joinWithSecret(context.get(userContext)!, { code }, clientAddress(request));
  if (result.status === "joined") {
    // A class's parents name their child among the roster's students next (decision 174).
    return joinedRedirect(request, result, `/communities/${result.communityId}/child`);
  }
  const failure = joinFailure(result, false);
  return { error: getInstance(context).t(failure.key as "invitations:join.wrong", failure.values), code };
}

export default function Join({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("invitations");
  return (
    <main id="main">
      <h1>{t("join.title")}</h1>
      <JoinCodeForm error={actionData?.error} value={actionData?.code} />
    </main>
  );
}
