import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";

/**
 * The interface languages (issue 24), with and without JavaScript (the two projects), at
 * 360 px and 1280 px: a guest's language from Accept-Language and the footer's switch (links,
 * kept in the `lng` cookie for 365 days); a user's language picked in Settings, Arabic laid
 * out right to left without horizontal overflow. tests/e2e/layout.spec.ts with E2E_LANGUAGE=ar
 * checks every page of the layout suite for overlap and axe in Arabic.
 */
const texts = (code: string, file: string) => JSON.parse(readFileSync(`app/locales/${code}/${file}`, "utf8"));
const es = { home: texts("es", "home.json"), about: texts("es", "about.json") };
const en = { home: texts("en", "home.json"), about: texts("en", "about.json") };
const ar = texts("ar", "settings.json");

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

const html = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, locale: "es-MX", extraHTTPHeaders: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.4" } });

    test("a guest asking for Spanish reads the landing and About pages in Spanish, and switches to English and back", async ({
      page,
      context,
    }) => {
      await page.goto("/");
      expect(await html(page)).toEqual(["es", "ltr"]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.home.hero.title);
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.about.index.title);

      const switcher = page.locator("nav.language-switch");
      await switcher.getByRole("link", { name: "English" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.about.index.title);
      expect(await html(page)).toEqual(["en", "ltr"]);
      const cookie = (await context.cookies()).find((c) => c.name === "lng");
      expect(cookie, "the lng cookie").toBeDefined();
      const days = (cookie!.expires - Date.now() / 1000) / 86_400;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365);

      // The cookie outweighs Accept-Language on the next page.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.home.hero.title);
      await page.locator("nav.language-switch").getByRole("link", { name: "Español" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.home.hero.title);
      expect(await html(page)).toEqual(["es", "ltr"]);
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(es.about.index.title);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    });
  });
}

test("a user who picks Arabic gets the app right to left, with nothing wider than the phone", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signIn(page, `e2e_lang_${info.project.use.javaScriptEnabled ? "js" : "nojs"}`);
  await page.setViewportSize(VIEWPORTS[0]!);
  await page.goto("/profile/settings");
  await page.locator("#settings-language-choice").selectOption("ar");
  await page.getByRole("button", { name: "Save language" }).click();
  await expect(page.getByRole("button", { name: ar.language.submit })).toBeVisible();
  expect(await html(page)).toEqual(["ar", "rtl"]);
  for (const path of ["/newsfeed", "/profile", "/communities", "/calendar", "/chat", "/content/9000"]) {
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await page.goto(path);
      expect(await html(page), path).toEqual(["ar", "rtl"]);
      expect(await overflow(page), `${path} at ${size.width} px`).toBeLessThanOrEqual(0);
    }
  }
  // Back to English from the Arabic page.
  await page.goto("/profile/settings");
  await page.locator("#settings-language-choice").selectOption("en");
  await page.getByRole("button", { name: ar.language.submit }).click();
  await expect(page.getByRole("button", { name: "Save language" })).toBeVisible();
});
