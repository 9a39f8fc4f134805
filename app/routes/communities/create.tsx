import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { CommunityForm } from "~/components/communities/community-form";
import { userContext } from "~/context";
import { communitySchema } from "~/lib/forms/communities";
import { parseForm } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import { registerNamespace } from "~/lib/i18n-client";
import communities from "~/locales/en/communities.json";
import { getInstance } from "~/middleware/i18next";
import { createCommunity } from "~/server/communities/communities.server";
import { flashToast } from "~/server/session/session.server";
import { signInRedirect } from "~/server/session/web-session.server";
import stylesUrl from "~/styles/communities.css?url";
import type { Route } from "./+types/create";
import { slugFailure } from "./slug-failure.server";

registerNamespace("communities", communities);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("communities:form.createMetaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

/** POST /communities/create: the creator becomes the owner (decision 045); PRG to the new community. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const formData = await readFormData(request);
  const parsed = parseForm(communitySchema, formData);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await createCommunity(user, parsed.data);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (result.status === "revoked") return signInRedirect(url);
  if (result.status !== "created") return slugFailure(formData, result.status);
  return redirect(`/communities/${result.id}`, {
    headers: await flashToast(request, {
      kind: "success",
      key: "communities:toasts.created",
      values: { name: parsed.data.name },
    }),
  });
}

export default function CreateCommunity({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("communities");
  return (
    <main id="main">
      <h1>{t("form.createTitle")}</h1>
      <CommunityForm failure={actionData ?? undefined} submitLabel={t("form.submitCreate")} />
    </main>
  );
}
