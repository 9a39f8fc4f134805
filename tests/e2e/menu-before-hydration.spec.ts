import { expect, signInAs, test } from "./support";

/**
 * On a slow phone a header menu is tapped before the page's scripts have run: the <details>
 * opens by itself, and hydrating must not close it again (use-disclosure.ts closes menus when
 * the location changes, not on mount). The scripts are held back here until the tap is done.
 */
test("a header menu tapped open before the page hydrates stays open @js-only", async ({ page }) => {
  await signInAs(page, "patparent", { to: "/newsfeed" });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/calendar", { waitUntil: "commit" });
  const bell = page.locator("summary").and(page.getByLabel(/^Notifications/));
  await bell.click();
  const menu = bell.locator("xpath=..");
  await expect(menu).toHaveAttribute("open", "");
  release();
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules)),
    )
    .toBe(true);
  await page.waitForLoadState("networkidle");
  await expect(menu).toHaveAttribute("open", "");
  await expect(page.locator(".notifications-panel")).toBeVisible();
  // And a navigation still closes it.
  await page.getByRole("link", { name: "Newsfeed" }).first().click();
  await expect(page).toHaveURL(/\/newsfeed/);
  await expect(menu).not.toHaveAttribute("open", "");
});
