import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-lite/react";
import { AboutNav } from "./about-nav";

export type AboutDocumentPage = "index" | "aup" | "privacy" | "terms";

/** A section of an About page as written in about.json or policies.json: a heading, then text and lists. */
type Section = { heading: string; paragraphs?: string[]; items?: string[]; closing?: string[] };

/**
 * Renders one About page from its structured texts. The texts are translated here rather than
 * sent from the loader, so they appear once in the HTML and not again in the hydration data.
 */
export function AboutDocument({ page }: { page: AboutDocumentPage }) {
  const { t } = useTranslation("about");
  // The policies' long texts are a namespace of their own (decision 182), so the About pages
  // that are not policies never carry them.
  const { t: policy } = useTranslation("policies");
  const isPolicy = page !== "index";
  const text =
    page === "index"
      ? {
          title: t(`${page}.title`),
          lead: t(`${page}.lead`),
          // An array of sections, not a text: read as a whole with returnObjects.
          sections: t(`${page}.sections`, { returnObjects: true }),
        }
      : {
          title: policy(`${page}.title`),
          lead: policy(`${page}.lead`),
          sections: policy(`${page}.sections`, { returnObjects: true }),
        };
  const sections: Section[] = text.sections;
  return (
    <main id="main" className="prose">
      <AboutNav />
      <h1>{text.title}</h1>
      {isPolicy ? <p className="updated">{policy("updated")}</p> : null}
      <p>{text.lead}</p>
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
        {isPolicy ? `${policy("questions")} ` : null}
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
