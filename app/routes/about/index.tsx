import { AboutDocument, aboutMeta } from "~/components/about/about-document";
import { registerNamespace } from "~/lib/i18n-client";
import about from "~/locales/en/about.json";
import type { Route } from "./+types/index";
import { translateAboutMeta } from "./meta.server";

registerNamespace("about", about);

export function loader({ context }: Route.LoaderArgs) {
  return translateAboutMeta(context, "index");
}

export const meta: Route.MetaFunction = aboutMeta;

export default function Page() {
  return <AboutDocument page="index" />;
}
