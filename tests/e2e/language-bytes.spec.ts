import { gzipSync } from "node:zlib";
import { expect, signIn, test, waitForHydration } from "./support";

/**
 * Per-route cost of a language (issue 24 item 6): a signed-in page in Arabic loads script
 * chunks within 2 KB gzip of English (today the same chunks), plus only its own language's
 * namespaces from /texts/ar/<ns> (JSON, measured and printed, not JS); guest pages ship no
 * script in any language.
 * The numbers are printed (en JS, ar JS, ar texts, gzip bytes) for the bench note.
 */
const ROUTES = [
  "/newsfeed",
  "/profile",
  "/profile/friends",
  "/profile/settings",
  "/communities",
  "/communities/900",
  "/content/9000",
  "/chat",
  "/messagesold",
  "/schools",
  "/calendar",
  "/calendar/events/900",
];
const GUEST = ["/", "/about", "/about/privacy", "/about/terms"];
const BUDGET = 2048;
/** The scripts a cold visit loads: <script src> and <link rel=modulepreload> (as the bench counts them). */
const scripts = (html: string) =>
  new Set([
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ]);
const gz = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

test("a language adds at most 2 KB gzip to a signed-in route, and guest pages ship no script @js-only", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const origin = info.project.use.baseURL ?? "";
  const assetBytes = new Map<string, number>();
  const jsBytes = async (html: string) => {
    let total = 0;
    for (const href of scripts(html)) {
      const url = new URL(href, origin).href;
      if (!assetBytes.has(url)) assetBytes.set(url, gz(await (await page.request.get(url)).body()));
      total += assetBytes.get(url) ?? 0;
    }
    return total;
  };

  await signIn(page, "e2e_lang_bytes");
  const rows: string[] = [];
  const setLanguage = async (language: string) => {
    const saved = await page.request.post("/profile/settings", {
      form: { intent: "language", language },
      maxRedirects: 0,
    });
    expect(saved.status()).toBeLessThan(400);
  };
  const measured: Record<string, { en: number; ar: number; texts: number }> = {};
  for (const language of ["en", "ar"] as const) {
    await setLanguage(language);
    for (const path of ROUTES) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(`<html lang="${language}"`);
      const js = await jsBytes(html);
      let texts = 0;
      if (language === "ar") {
        // The texts the page fetches in its language before it hydrates.
        const fetched: Promise<number>[] = [];
        const listener = (response: import("@playwright/test").Response) => {
          const { pathname } = new URL(response.url());
          if (!pathname.startsWith("/texts/")) return;
          // Only the page's own language travels.
          expect(pathname, path).toMatch(/^\/texts\/ar\//);
          fetched.push(response.body().then((body) => gz(body)));
        };
        page.on("response", listener);
        // The texts are awaited before hydration (app/lib/i18n-client.ts): hydrated, all have
        // come. Not "networkidle", which waited half a second past the last request (decision 214).
        await page.goto(path);
        await waitForHydration(page, true, path);
        page.off("response", listener);
        texts = (await Promise.all(fetched)).reduce((a, b) => a + b, 0);
      }
      measured[path] = { ...(measured[path] ?? { en: 0, ar: 0, texts: 0 }), [language]: js, texts };
    }
  }
  await setLanguage("en");
  const over: string[] = [];
  for (const [path, { en, ar, texts }] of Object.entries(measured)) {
    rows.push(`${path}: en JS ${en} B, ar JS ${ar} B + ar texts ${texts} B gzip`);
    expect(en, `${path} loads scripts`).toBeGreaterThan(10_000);
    if (ar - en > BUDGET) over.push(`${path} JS grows ${ar - en} B`);
  }
  console.log(rows.join("\n"));
  expect(over).toEqual([]);
});

test("guest pages ship no script in any language", async ({ browser }, info) => {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  const sizes: string[] = [];
  for (const language of ["en", "es", "zh-Hans", "vi", "ar"]) {
    for (const path of GUEST) {
      const response = await context.request.get(`${path}?lng=${language}`);
      const html = await response.text();
      expect(html, `${language} ${path}`).toContain(`<html lang="${language}"`);
      expect(html, `${language} ${path}`).not.toContain("<script");
      sizes.push(`guest ${language} ${path}: ${gz(html)} B gzip HTML, no script`);
    }
  }
  await context.close();
  console.log(sizes.join("\n"));
});
