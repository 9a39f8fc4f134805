import { Link, redirect } from "react-router";
import { userContext } from "~/context";
import { CATEGORIES } from "~/lib/categories";
import type { HydrationHandle } from "~/lib/hydration";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import type { DescriptionHandle } from "~/lib/page-description";
import home from "~/locales/en/home.json";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/home";

registerNamespace("home", home);

export function loader({ context }: Route.LoaderArgs) {
  // Signed-in users start at their newsfeed (SPEC §6).
  if (context.get(userContext)) throw redirect("/newsfeed");
  const t = getInstance(context).getFixedT(null, "home");
  return { title: t("meta.title") };
}

// Works completely as plain HTML: a guest gets no scripts here (decision 043).
export const handle: HydrationHandle & DescriptionHandle = {
  hydrate: false,
  guestStyles: ["landing"],
  description: "home:meta.description",
};

// The description is the root layout's, named in `handle` (lib/page-description.ts).
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const features = ["newsfeed", "calendar", "chat", "communities"] as const;

export default function Home() {
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation();
  return (
    <main id="main" className="landing">
      <section className="landing-hero">
        <h1>{t("hero.title")}</h1>
        <p className="landing-lead">{t("hero.lead")}</p>
        <p className="landing-actions">
          <Link to="/login" className="button">
            {t("hero.signIn")}
          </Link>
          <Link to="/login/register" className="button button-secondary">
            {t("hero.register")}
          </Link>
        </p>
        <ul className="landing-categories" aria-label={tc("nav.communities")}>
          {CATEGORIES.map((category) => (
            <li key={category} className={`category-label category-${category}`}>
              {tc(`categories.${category}`)}
            </li>
          ))}
        </ul>
      </section>
      <section className="landing-features" aria-labelledby="features-title">
        <h2 id="features-title">{t("features.title")}</h2>
        <div className="landing-grid">
          {features.map((feature) => (
            <article key={feature} className="card">
              <h3>{t(`features.${feature}.title`)}</h3>
              <p>{t(`features.${feature}.body`)}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="landing-light">
        <h2>{t("light.title")}</h2>
        <p>{t("light.body")}</p>
        <p>
          <Link className="standalone-link" to="/about">
            {t("hero.learnMore")}
          </Link>
        </p>
      </section>
    </main>
  );
}
