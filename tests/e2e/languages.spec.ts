/**
 * The interface in five languages (issue 24): a guest's language from Accept-Language, the
 * footer's switch (links, so it works without JavaScript), and Arabic laid out right to left
 * with nothing off-screen at 360 px on every page of the layout suite.
 */
import { readFileSync } from "node:fs";
import { layoutProblems } from "./layout/checks";
import { PAGES } from "./layout/pages";
import { expect, signIn, test } from "./support";

const texts = (code: string, namespace: string) =>
  JSON.parse(readFileSync(`app/locales/${code}/${namespace}.json`, "utf8")) as Record<string, Record<string, string>>;
const heroTitle = (code: string) => texts(code, "home").hero!.title!;
const aboutTitle = (code: string) => texts(code, "about").index!.title!;

test.describe("a guest's language", () => {
  // The browser's language is what Chromium sends as Accept-Language ("es-MX").
  test.use({ locale: "es-MX" });

  test("comes from Accept-Language, and the footer switches it and back", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroTitle("es"));
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutTitle("es"));

    const switcher = page.getByRole("navigation", { name: texts("es", "common").footer!.language! });
    await switcher.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutTitle("en"));
    // Remembered (the lng cookie, 365 days), whatever the browser asks for.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroTitle("en"));

    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroTitle("es"));
  });
});

test("a user who picks Arabic gets the app right to left, nothing off-screen at 360 px", async ({ page }, info) => {
  test.setTimeout(240_000);
  const javaScriptEnabled = info.project.use.javaScriptEnabled !== false;
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, `e2e_rtl_${javaScriptEnabled ? "js" : "nojs"}`);
  const settings = texts("ar", "settings").language!;
  await page.goto("/profile/settings#settings-language");
  // From whatever language an earlier run left: the form by its id, the choice by its code.
  await page.locator("#settings-language-choice").selectOption("ar");
  await page.locator("#settings-language").getByRole("button").click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: settings.title, exact: true })).toBeVisible();

  const problems: string[] = [];
  for (const entry of PAGES.filter((candidate) => candidate.as === "user")) {
    await page.goto(entry.path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // The neighbour writes in English: "See translation" is offered, and measured (decision 225).
    if (entry.path.startsWith("/chat/@")) await expect(page.locator(".chat-message .translation-note a")).toBeVisible();
    for (const problem of await layoutProblems(page)) problems.push(`${entry.path}: ${problem}`);
  }
  expect(problems).toEqual([]);
});
