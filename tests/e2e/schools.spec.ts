import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, signInAs, test } from "./support";

/** School search, browse and follow (decision 055), as a seeded user of each project's own. */
function user(testInfo: TestInfo) {
  return `e2e-cal-schools-${testInfo.project.name === "no-js" ? "nojs" : "js"}@demo.schoolhub.test`;
}

/** axe runs inside the page, so it needs JavaScript; the markup is the same without it. */
async function expectAccessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  expect(await axeViolations(page, { include: "main" })).toEqual([]);
}

test.describe("schools", () => {
  // axe on a shared, busy machine takes its time.
  test.describe.configure({ timeout: 90_000 });
  test("search, open a school, follow it; the search text is kept", async ({ page }, testInfo) => {
    await signInAs(page, user(testInfo), { to: "/schools" });
    await expect(page.getByRole("heading", { name: "Schools", level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Search schools").fill("cheyenne");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByRole("region", { name: "Results for “cheyenne”" });
    await expect(results.getByRole("listitem").first()).toBeVisible();
    const first = results.getByRole("link").first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    // The notice arrives once the server has it (with JavaScript the button flips at once).
    await expect(page.getByText("You now follow this school.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unfollow" })).toBeVisible();
    await page.goto("/schools");
    await expect(page.getByLabel("Search schools")).toHaveValue("cheyenne");
    await expect(page.getByRole("region", { name: "My schools" }).getByRole("link", { name })).toBeVisible();
  });

  test("suggests schools while typing @js-only", async ({ page }, testInfo) => {
    await signInAs(page, user(testInfo), { to: "/schools?q=" });
    await page.getByLabel("Search schools").pressSequentially("laram", { delay: 30 });
    const suggestions = page.getByRole("list", { name: "Suggestions" });
    await expect(suggestions.getByRole("link").first()).toContainText("Laramie");
  });

  test("browse by state, then city, then a school", async ({ page }, testInfo) => {
    await signInAs(page, user(testInfo), { to: "/schools/browse" });
    await expectAccessible(page);
    await page.getByRole("link", { name: "Wyoming" }).click();
    await page.getByRole("link", { name: "By city" }).click();
    await expect(page).toHaveURL(/by=city/);
    await page.getByRole("main").getByRole("link", { name: "Casper", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Casper", level: 2 })).toBeVisible();
    await expectAccessible(page);
    const school = page.getByRole("main").locator(".school-list a").first();
    const name = (await school.textContent())!;
    await school.click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Casper")).toBeVisible();
  });

  test("a school's slug leads to its page", async ({ page }, testInfo) => {
    await signInAs(page, user(testInfo), { to: "/lincoln-elementary" });
    await expect(page).toHaveURL(/\/schools\/1$/);
    await expect(page.getByRole("heading", { name: "Lincoln Elementary School", level: 1 })).toBeVisible();
  });
});
