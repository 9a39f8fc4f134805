import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { AboutNav } from "./about-nav";

export type AboutDocumentPage = "index" | "aup" | "privacy" | "terms";

/** A section of an About page as written in about.json: a heading, then text and lists. */
type Section = { heading: string; paragraphs?: string[]; items?: string[]; closing?: string[] };

/**
 * Renders one About page from its structured texts. The texts are translated here rather than
 * sent from the loader, so they appear once in the HTML and not again in the hydration data.
 */
export function AboutDocument({ page }: { page: AboutDocumentPage }) {
  const { t } = useTranslation("about");
  const sections: Section[] = t(`${page}.sections`, { returnObjects: true });
  const isPolicy = page !== "index";
  return (
    <main id="main" className="prose">
      <AboutNav />
      <h1>{t(`${page}.title`)}</h1>
      {isPolicy ? <p className="updated">{t("updated")}</p> : null}
      <p>{t(`${page}.lead`)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.closing?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p>
        {isPolicy ? `${t("questions")} ` : null}
        <Link className="standalone-link" to="/about/contact">
          {t("contactLink")}
        </Link>
      </p>
    </main>
  );
}

/** <title>, translated by the page's loader (see meta.server.ts); the description is in `handle`. */
export function aboutMeta({ loaderData }: { loaderData?: { title: string } }) {
  return [{ title: loaderData?.title }];
}
