import { beforeAll, describe, expect, it } from "vitest";
import { THEMES } from "~/lib/themes";
import { cookiesOf, createUser, fetchApp, postForm, signIn } from "./helpers";

/** The theme cookie as the app writes it (React Router cookies hold base64 JSON). */
const themeCookie = (theme: string) => `theme=${encodeURIComponent(btoa(JSON.stringify(theme)))}`;

/** Rules only signed-in pages use: none of them may reach a guest's inline stylesheet. */
const SIGNED_IN_SELECTORS = [".sidebar", ".menu-panel", ".notifications-panel", ".spinner", ".login-card", ".avatar"];
/** Rules the guest pages need, in every variant. */
const GUEST_SELECTORS = [".header", ".footer", ".theme-switch", ".about-nav", ".card", ".error-page"];
/** Rules only some guest pages show (decision 109): the contact form's, the landing page's, a notice's. */
const PART_SELECTORS = { forms: ".field-error", landing: ".landing-hero", notices: ".toast-success" };

const inlineStyleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
const styleSources = (csp: string | null) =>
  csp
    ?.match(/style-src [^;]*/)?.[0]
    .split(" ")
    .slice(1) ?? [];

async function sha256Source(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

describe("a script-free guest page inlines the guest stylesheet in its own theme (decision 090)", () => {
  it("carries the guest rules, none of the signed-in app's, and one theme's variables only", async () => {
    const css = inlineStyleOf(
      await (await fetchApp("/about/aup", { headers: { Cookie: themeCookie("theme-h") } })).text(),
    );
    for (const selector of GUEST_SELECTORS) expect(css).toContain(selector);
    for (const selector of SIGNED_IN_SELECTORS) expect(css).not.toMatch(new RegExp(`\\${selector}[\\s,{:.-]`));
    // Night's own colours, the default's where Night has none, each variable once, no theme classes.
    expect(css.startsWith(":root{")).toBe(true);
    expect(css).toContain("--accent:#7fa7ff");
    expect(css).toContain("color-scheme:dark");
    expect(css.match(/--accent:/g)).toHaveLength(1);
    expect(css).not.toMatch(/\.theme-[a-h]/);
  });

  it("carries the rules its page can show: the form's on the contact page, the landing's on /, neither elsewhere", async () => {
    const parts = async (path: string) => {
      const css = inlineStyleOf(await (await fetchApp(path)).text());
      return Object.entries(PART_SELECTORS)
        .filter(([, selector]) => css.includes(selector))
        .map(([part]) => part);
    };
    expect(await parts("/about")).toEqual([]);
    expect(await parts("/about/privacy")).toEqual([]);
    expect(await parts("/about/contact")).toEqual(["forms"]);
    expect(await parts("/")).toEqual(["landing"]);
  });

  it("stays small: the guest rules and one theme, about a third of the full stylesheet", async () => {
    // The full stylesheet is about 16.6 KB (its content is checked in tests/e2e/guest-static.spec.ts,
    // where the assets are served); the inline one is what every guest's first visit pays for.
    const css = inlineStyleOf(await (await fetchApp("/about")).text());
    expect(css.length).toBeGreaterThan(2_000);
    expect(css.length).toBeLessThan(7_000);
  });

  for (const theme of THEMES) {
    it(`${theme}: its variables, and a CSP that allows exactly that variant by its hash, with no nonce`, async () => {
      const response = await fetchApp("/about/terms", { headers: { Cookie: themeCookie(theme) } });
      const html = await response.text();
      expect(html).toContain(`<html lang="en" dir="ltr" class="${theme}">`);
      const css = inlineStyleOf(html);
      expect(css).toMatch(/^:root\{--accent:#[0-9a-f]{6};/);
      const csp = response.headers.get("Content-Security-Policy");
      expect(styleSources(csp)).toEqual(["'self'", await sha256Source(css)]);
      expect(csp).not.toContain("nonce-");
    });
  }

  it("gives each theme its own variant and hash", async () => {
    const sources = new Set<string>();
    for (const theme of ["theme-a", "theme-h"]) {
      const response = await fetchApp("/", { headers: { Cookie: themeCookie(theme) } });
      sources.add(styleSources(response.headers.get("Content-Security-Policy"))[1] ?? "");
    }
    expect(sources.size).toBe(2);
  });

  it("a guest's page with a notice (not cached) carries it too, with the notice's styles", async () => {
    // A filled honeypot is told "sent" (the notice) and nothing is stored or mailed.
    const sent = await postForm("/about/contact", { name: "Bot", email: "bot@example.test", website: "spam" });
    const response = await fetchApp("/about/contact", { headers: { Cookie: cookiesOf(sent) } });
    const html = await response.text();
    expect(html).toContain('class="toast toast-success"');
    expect(html).not.toContain("<script");
    // Nothing would run a close button: the notice has none and stays in the page's flow (decision 230).
    expect(html).toContain('class="toasts toasts-stay"');
    expect(html).not.toContain('class="toast-close"');
    const css = inlineStyleOf(html);
    expect(css).toContain(".toast-success");
    expect(styleSources(response.headers.get("Content-Security-Policy"))).toEqual(["'self'", await sha256Source(css)]);
  });

  it("leaves out the navigation progress bar and the spinner overlay, which only scripts drive", async () => {
    const html = await (await fetchApp("/about/privacy")).text();
    expect(html).not.toContain("navigation-progress");
    expect(html).not.toContain("spinner-overlay");
  });

  it("holds its first paint until the page is parsed down to the footer", async () => {
    for (const path of ["/", "/about/contact"]) {
      const html = await (await fetchApp(path)).text();
      expect(html).toContain('<link rel="expect" href="#footer" blocking="render"/>');
      expect(html).toContain('<footer class="footer" id="footer">');
    }
  });
});

describe("pages with scripts link the full stylesheet (decision 090)", () => {
  it("a signed-in page links app.css, and its CSP allows no inline style", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp("/about", { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(html).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
    expect(html).not.toContain("<style>");
    expect(html).not.toContain('rel="expect"');
    // Made by scripts at the first navigation or submission, not sent with the page (decision 227).
    expect(html).not.toContain("navigation-progress");
    expect(html).not.toContain("spinner-overlay");
    expect(styleSources(response.headers.get("Content-Security-Policy"))).toEqual(["'self'"]);
  });

  it("a guest page that hydrates (sign-in) links it too", async () => {
    const response = await fetchApp("/login");
    const html = await response.text();
    expect(html).toContain('rel="stylesheet"');
    expect(html).not.toContain("<style>");
    expect(styleSources(response.headers.get("Content-Security-Policy"))).toEqual(["'self'"]);
  });
});
