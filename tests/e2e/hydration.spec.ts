import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";

/** Collects what the browser reports as broken: console errors and uncaught exceptions. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** React Router marks the document hydrated once the router is live in the browser. */
async function expectHydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules)),
    )
    .toBe(true);
}

test.describe("hydration @js-only", () => {
  test("guest pages hydrate without errors or mismatches", async ({ page }) => {
    const errors = watchErrors(page);
    // The About pages and the landing page ship no script at all (decision 043, guest-static.spec.ts).
    for (const path of ["/login", "/login/registeremail", "/nothing-here"]) {
      await page.goto(path);
      await expectHydrated(page);
    }
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
  });

  test("signed-in pages hydrate without errors or mismatches", async ({ page }) => {
    const errors = watchErrors(page);
    await signIn(page, "patparent");
    for (const path of ["/newsfeed", "/profile", "/profile/friends", "/profile/settings"]) {
      await page.goto(path);
      await expectHydrated(page);
    }
    expect(errors).toEqual([]);
  });
});
