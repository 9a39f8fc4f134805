import type { Page } from "@playwright/test";
import { expect, signInAs, test, waitForHydration } from "./support";

/**
 * Decision 203: the shell's navigations' current mark is computed once per render by the layout.
 * Decision 218: their links are plain <a>s that one handler sends through the router and one
 * intent prefetches, as <Link prefetch="intent"> did. With JavaScript they still navigate inside the page (no document
 * load: a mark left on `window` survives) and the mark follows the page, at 1280 and 360 px.
 * Without JavaScript navigation.spec.ts walks the same links.
 */
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const tabBar = (page: Page) => page.getByRole("navigation", { name: "Main areas" });

/** Once hydrated (a click before it is the browser's own navigation), a mark on this document. */
async function markDocument(page: Page) {
  await waitForHydration(page, true);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

test("the sidebar's and the tab bar's links navigate in the page, and the current mark follows @js-only", async ({
  page,
}) => {
  // Five navigations and two widths: more than one test's time on a loaded machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "patparent");
  await expect(sidebar(page).getByRole("link", { name: "Newsfeed" })).toHaveAttribute("aria-current", "page");
  await markDocument(page);
  // The progress bar and the spinner are made when first needed, not sent with the page (decision 227).
  const progress = page.locator(".navigation-progress");
  await expect(progress).toHaveCount(0);
  await expect(page.locator(".spinner-overlay")).toHaveCount(0);

  await sidebar(page).getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  // Made by the navigation and kept, hidden, with its SPEC §9 duration for the next one.
  await expect(progress).toHaveAttribute("data-visible", "false");
  await expect(progress).toHaveAttribute("aria-hidden", "true");
  expect(await progress.evaluate((bar) => getComputedStyle(bar).getPropertyValue("--progress-duration"))).toBe(
    "5000ms",
  );
  await expect(sidebar(page).getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar(page).getByRole("link", { name: "Calendar" })).toHaveClass(/^sidebar-link active /);
  await expect(sidebar(page).getByRole("link", { name: "Newsfeed" })).not.toHaveAttribute("aria-current");
  await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await tabBar(page).getByRole("link", { name: "Communities" }).click();
  await expect(page).toHaveURL(/\/communities$/);
  await expect(tabBar(page).getByRole("link", { name: "Communities" })).toHaveAttribute("aria-current", "page");
  await expect(tabBar(page).getByRole("link", { name: "Calendar" })).not.toHaveAttribute("aria-current");

  // Messages' sheet: its links navigate too, and the Messages tab shows the area.
  const messages = tabBar(page).locator("summary");
  await expect(messages).not.toHaveClass(/ active /);
  await messages.click();
  await tabBar(page)
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await expect(page).toHaveURL(/\/messagesold$/);
  await expect(messages).toHaveClass(/^tab active /);
  // The sheet closed on arriving; its link, hidden, carries the mark.
  await expect(tabBar(page).locator('a[href="/messagesold"]')).toHaveAttribute("aria-current", "page");
  await expect(tabBar(page).locator('a[aria-current="page"]')).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);
});

test("the conversations dropdown's links navigate in the page @js-only", async ({ page }) => {
  await signInAs(page, "patparent");
  await markDocument(page);
  const trigger = page.locator("details.conversations-menu > summary");
  await trigger.click();
  const panel = page.locator(".conversations-panel");
  await panel.getByRole("link", { name: /Rockets parents/ }).click();
  await expect(page).toHaveURL(/\/chat\/2$/);
  await trigger.click();
  await panel.getByRole("link", { name: "View all Conversations" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  expect(await sameDocument(page)).toBe(true);
});

test("the account menu's links navigate in the page, and a modified click is left to the browser @js-only", async ({
  page,
  context,
}) => {
  await signInAs(page, "patparent");
  await markDocument(page);
  const menu = page.locator("details.avatar-menu");
  await menu.locator("summary").click();
  await menu.getByRole("menuitem", { name: "Friends" }).click();
  await expect(page).toHaveURL(/\/profile\/friends$/);
  await expect(menu).not.toHaveAttribute("open");
  expect(await sameDocument(page)).toBe(true);
  // Ctrl+click asks for a new tab: the handler leaves it to the browser, this page stays.
  await menu.locator("summary").click();
  const opened = context.waitForEvent("page");
  await menu.getByRole("menuitem", { name: "Settings" }).click({ modifiers: ["ControlOrMeta"] });
  await (await opened).close();
  await expect(page).toHaveURL(/\/profile\/friends$/);
  expect(await sameDocument(page)).toBe(true);
});

test("pointing at a sidebar link prefetches its page's data, and leaving it stops @js-only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "patparent");
  await waitForHydration(page, true);
  const prefetch = page.locator('link[rel="prefetch"][href^="/calendar.data"]');
  await expect(prefetch).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: "Calendar" }).hover();
  await expect(prefetch).toHaveCount(1);
  await page.locator("main").hover({ position: { x: 400, y: 300 } });
  await expect(prefetch).toHaveCount(0);
  // Focus is intent too (a keyboard user tabbing along the navigation).
  await sidebar(page).getByRole("link", { name: "Calendar" }).focus();
  await expect(prefetch).toHaveCount(1);
});
