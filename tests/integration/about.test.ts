import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

const pages = [
  { path: "/about", heading: "About SchoolHub", title: "About SchoolHub" },
  { path: "/about/aup", heading: "Acceptable Use Policy", title: "Acceptable Use Policy · SchoolHub" },
  { path: "/about/privacy", heading: "Privacy Policy", title: "Privacy Policy · SchoolHub" },
  { path: "/about/terms", heading: "Terms of Service", title: "Terms of Service · SchoolHub" },
  { path: "/about/contact", heading: "Contact us", title: "Contact · SchoolHub" },
];

describe("the About pages", () => {
  for (const page of pages) {
    it(`${page.path} answers 200 with its heading, title, description and the About navigation`, async () => {
      const response = await fetchApp(page.path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<h1>${page.heading}</h1>`);
      expect(html).toContain(`<title>${page.title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{60,}"/);
      expect(html).toContain('<nav class="about-nav" aria-label="About SchoolHub">');
      // The current page is marked in the sub-navigation.
      expect(html).toMatch(new RegExp(`<a aria-current="page" class="active" href="${page.path}"`));
    });
  }

  it("keeps the page texts out of the hydration data", async () => {
    const html = await (await fetchApp("/about/privacy")).text();
    const text = "We never sell or rent personal information.";
    expect(html.split(text)).toHaveLength(2);
  });

  it("renders a policy from its own namespace in the reader's language (decision 182)", async () => {
    const html = await (await fetchApp("/about/terms", { headers: { "Accept-Language": "es" } })).text();
    expect(html).toContain("<h1>Términos de servicio</h1>");
    expect(html).toContain("<title>Términos de servicio · SchoolHub</title>");
    expect(html).toContain("Última actualización: 1 de noviembre de 2026");
    expect(html).toContain("¿Tiene preguntas sobre esta página?");
    // The About pages that are not policies carry none of the policies' texts.
    const index = await (await fetchApp("/about")).text();
    expect(index).not.toContain("Last updated");
  });

  it("covers what the policies promise about children", async () => {
    const privacy = await (await fetchApp("/about/privacy")).text();
    expect(privacy).toContain("COPPA");
    expect(privacy).toContain("FERPA");
    expect(privacy).toContain("Your choices and deleting your account");
    const aup = await (await fetchApp("/about/aup")).text();
    for (const heading of ["No bullying or harassment", "Protect students&#x27;", "Report abuse", "Consequences"]) {
      expect(aup).toContain(heading);
    }
  });
});
