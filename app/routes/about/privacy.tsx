import { AboutDocument, aboutMeta } from "~/components/about/about-document";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import type { DescriptionHandle } from "~/lib/page-description";
import about from "~/locales/en/about.json";
import policies from "~/locales/en/policies.json";
import type { Route } from "./+types/privacy";
import { translateAboutMeta } from "./meta.server";

registerNamespace("about", about);
registerNamespace("policies", policies);

export function loader({ context }: Route.LoaderArgs) {
  return translateAboutMeta(context, "privacy");
}

// Works completely as plain HTML: a guest gets no scripts here (decision 043).
export const handle: HydrationHandle & DescriptionHandle = {
  hydrate: false,
  description: "policies:privacy.meta.description",
};

export const meta: Route.MetaFunction = aboutMeta;

export default function Page() {
  return <AboutDocument page="privacy" />;
}
