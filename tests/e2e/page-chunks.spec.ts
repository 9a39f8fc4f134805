import { expect, signInAs, test } from "./support";

/**
 * Decision 202: the browser's modules are grouped by the pages that load them
 * (scripts/lib/page-chunks.ts). A signed-in page names far fewer files than rolldown's own
 * split (47 module preloads on /newsfeed before), every page still hydrates, and client-side
 * navigation between areas whose chunks differ loads each file once, without a reload or an error.
 */
test.describe("the browser's chunks, grouped by page @js-only", () => {
  test("a signed-in page preloads each of a few files once, and navigating between areas loads the rest", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) {
        scripts.push(url.pathname);
        if (!response.ok()) errors.push(`${url.pathname} answered ${response.status()}`);
      }
    });

    await signInAs(page, "patparent");
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(preloads).size).toBe(preloads.length);
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.length).toBeLessThanOrEqual(25);
    await expect
      .poll(() =>
        page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules)),
      )
      .toBe(true);

    // A marker on the window survives only client-side navigations.
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    const sidebar = page.getByRole("navigation", { name: "Main navigation" });
    const areas = [
      { link: "Calendar", url: /\/calendar$/ },
      { link: "Communities", url: /\/communities$/ },
      { link: "Conversations", url: /\/chat$/ },
      { link: "Schools", url: /\/schools$/ },
      { link: "Newsfeed", url: /\/newsfeed$/ },
    ];
    for (const { link, url } of areas) {
      await sidebar.getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(sidebar.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
    }
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await page.waitForLoadState("networkidle");
    // Each file came once: the chunks of one area are not fetched again under another name.
    expect(scripts.length).toBe(new Set(scripts).size);
    expect(errors).toEqual([]);
  });
});
