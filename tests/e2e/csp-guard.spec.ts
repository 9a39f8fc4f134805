import { expect, signedInPage, test } from "./support";

/**
 * The CSP guard itself (decision 031): a violation fails the test, in the test's own page and in
 * a second person's context from `signedInPage`. Each test breaks the policy on purpose and is
 * expected to fail; if the guard stopped watching, these would pass and so be reported.
 */
async function breakThePolicy(page: import("@playwright/test").Page) {
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inline = true";
    document.body.append(script);
  });
  // The blocked script never ran: the browser refused it, and said so on the console.
  expect(await page.evaluate(() => "__inline" in window)).toBe(false);
}

test.describe("the CSP guard @js-only", () => {
  test("fails a test whose page breaks the policy", async ({ page }) => {
    test.fail();
    await page.goto("/login");
    await breakThePolicy(page);
  });

  test("fails a test whose second person's page breaks the policy", async ({ browser }, testInfo) => {
    test.fail();
    const other = await signedInPage(browser, testInfo, "samstudent");
    await breakThePolicy(other);
    await other.context().close();
  });
});
