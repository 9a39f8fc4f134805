import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";

/** Decision 043: guest pages that work as plain HTML ship no script at all. */
const STATIC_GUEST_PAGES = ["/", "/about", "/about/aup", "/about/contact", "/about/privacy", "/about/terms"];

function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { scripts, errors };
}

test.describe("guest pages without scripts", () => {
  test("the About pages and the landing page load with zero script requests and zero console errors", async ({
    page,
  }) => {
    const seen = watch(page);
    for (const path of STATIC_GUEST_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator("script, link[rel=modulepreload]").count(), path).toBe(0);
    }
    expect(seen.scripts).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  test("links, the theme switch and the contact form work as plain HTML", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/");
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await expect(page).toHaveURL("/about");
    await page.getByRole("navigation", { name: "About SchoolHub" }).getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();

    await page.getByLabel("Theme").selectOption("theme-f");
    await page.getByRole("button", { name: "Apply theme" }).click();
    await expect(page.locator("html")).toHaveClass("theme-f");
    await expect(page).toHaveURL("/about/contact");

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    expect(seen.scripts).toEqual([]);
    // The form's errors come back with status 400, which Chromium logs; nothing else may.
    expect(seen.errors.filter((error) => !error.includes("status of 400"))).toEqual([]);
  });

  test("a signed-in user on /about keeps the full app, live notifications included @js-only", async ({ page }) => {
    await signIn(page, "patparent");
    const seen = watch(page);
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");
    await expect(page.getByLabel(/^Notifications/).first()).toBeVisible();
    expect(seen.scripts.length).toBeGreaterThan(0);
  });
});
