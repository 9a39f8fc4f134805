import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { userContext } from "~/context";
import { registerNamespace } from "~/lib/i18n-client";
import auth from "~/locales/en/auth.json";
import { getInstance } from "~/middleware/i18next";
import { endWebSession } from "~/server/session/web-session.server";
import type { Route } from "./+types/logout";

registerNamespace("auth", auth);

/** GET asks (a link must never sign anyone out); POST logs out (SPEC §4). */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(userContext)) throw redirect("/");
  return { metaTitle: getInstance(context).t("auth:logout.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request }: Route.ActionArgs) {
  return endWebSession(request, "/");
}

export default function Logout() {
  const { t } = useTranslation("auth");
  return (
    <main id="main">
      <h1>{t("logout.title")}</h1>
      <p>{t("logout.question")}</p>
      <Form method="post" reloadDocument>
        <button type="submit">{t("logout.submit")}</button>
      </Form>
      <p>
        <Link to="/newsfeed">{t("logout.cancel")}</Link>
      </p>
    </main>
  );
}
