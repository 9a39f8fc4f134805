import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";

/**
 * Decision 090: a script-free guest page carries only the guest stylesheet, in its own theme,
 * inline; pages with scripts link the full one. The CSP guard of ./support fails any test whose
 * inline style the page's policy did not allow.
 */
const backgroundOf = (page: Page) => page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);

test.describe("guest stylesheet", () => {
  test("a guest's page is styled by its inline stylesheet, in its theme, and the theme switch restyles it", async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/about/contact");
    // Classic (the default): its background, the sticky 56 px header, 44 px controls.
    expect(await backgroundOf(page)).toBe("rgb(245, 247, 251)");
    await expect(page.locator(".header")).toHaveCSS("height", "56px");
    await expect(page.locator(".header")).toHaveCSS("position", "sticky");
    await expect(page.getByLabel("Topic")).toHaveCSS("min-height", "44px");

    await page.getByLabel("Theme").selectOption("theme-h");
    await page.getByRole("button", { name: "Apply theme" }).click();
    await expect(page.locator("html")).toHaveClass("theme-h");
    // Night: its own colours, and the browser's dark form controls.
    expect(await backgroundOf(page)).toBe("rgb(17, 23, 37)");
    await expect(page.locator("html")).toHaveCSS("color-scheme", "dark");
    expect(stylesheets).toEqual([]);
  });

  test("a signed-in page links the full stylesheet: every theme, and each guest rule once", async ({ page }) => {
    await signIn(page, "patparent");
    await page.goto("/about");
    const href = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(href).toMatch(/^\/assets\/app-.+\.css$/);
    expect(await page.locator("style").count()).toBe(0);
    const css = await (await page.request.get(href!)).text();
    for (const theme of ["a", "b", "c", "d", "e", "f", "g", "h"]) expect(css).toContain(`.theme-${theme}`);
    for (const selector of [".sidebar", ".menu-panel", ".notifications-panel", ".spinner"])
      expect(css).toContain(selector);
    expect(css.match(/\.about-nav\{/g)).toHaveLength(1);
    expect(css.match(/\.theme-switch\{/g)).toHaveLength(1);
    // Styled by it: the signed-in shell's sidebar is laid out at desktop width.
    await expect(page.locator(".sidebar")).toHaveCSS("position", "sticky");
  });
});
