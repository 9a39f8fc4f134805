import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support";

/**
 * One tap to every area (issue 21, decision 123): the phone's tab bar below 960 px, the sidebar
 * above it, with the inbox and Schools reachable from both and unread counts on Messages and
 * the inbox; with and without JavaScript.
 */
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Main areas" });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test("at 360 px the tab bar reaches every area: Messages opens chat and the inbox, More opens Schools", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, "patparent");
  const tabs = tabBar(page);
  await expect(tabs).toBeVisible();
  // The sidebar is the drawer, closed: its links are not on screen.
  await expect(sidebar(page)).toBeHidden();
  for (const name of ["Newsfeed", "Calendar", "Messages", "Communities", "More"]) {
    // A tab's label is its own text (decision 227); Messages' also holds its unread badge.
    const tab = tabs.getByText(name);
    await expect(tab).toBeVisible();
    // Each tab is a 44 px target at least, and the bar fits the screen.
    const box = await tab
      .locator("xpath=ancestor-or-self::*[self::a or self::summary or self::label][1]")
      .boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  await tabs.getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(tabs.getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");

  // Messages: a sheet with the conversations and the inbox.
  await tabs.getByText("Messages").click();
  await tabs.getByRole("link", { name: /^Inbox/ }).click();
  await expect(page).toHaveURL(/\/messagesold$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await tabs.getByText("Messages").click();
  await tabs.getByRole("link", { name: /^Conversations/ }).click();
  await expect(page).toHaveURL(/\/chat$/);

  // More: the drawer, with Schools.
  await tabs.getByText("More", { exact: true }).click();
  await expect(sidebar(page)).toBeVisible();
  await sidebar(page).getByRole("link", { name: "Schools" }).click();
  await expect(page).toHaveURL(/\/schools$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

// One page, one scroll to its end: what the bar leaves visible, and the footer's links there.
test("at 360 px nothing of the page stays hidden behind the tab bar, and the footer's About links open their pages (decision 199)", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // A page that does not grow as it scrolls (the newsfeed loads more at its end).
  await signInAs(page, "patparent", { to: "/schools" });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await tabBar(page).boundingBox();
  const footer = await page.locator("#footer").boundingBox();
  expect(bar!.y + bar!.height).toBeCloseTo(PHONE.height, 0);
  // Scrolled to the end, the page's last line (the footer) ends above the bar.
  expect(footer!.y + footer!.height).toBeLessThanOrEqual(bar!.y + 1);

  const about = page.getByRole("navigation", { name: "About this site" });
  const privacy = about.getByRole("link", { name: "Privacy" });
  await expect(privacy).toBeVisible();
  await privacy.click();
  await expect(page).toHaveURL(/\/about\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/could not be found/);
});

// One person at 1280 px, then at 360: the sidebar's links and the inbox's unread count on both.
test("at 1280 px the sidebar links the inbox and Schools, with the inbox's unread count; at 360 px it shows on Messages", async ({
  page,
}) => {
  // Pat has the PTO's "Book fair volunteers" unread (scripts/seed/inbox.mjs); no test opens it.
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "patparent");
  await expect(tabBar(page)).toBeHidden();
  const inboxLink = sidebar(page).getByRole("link", { name: /^Inbox \(\d+ unread\)$/ });
  await expect(inboxLink).toBeVisible();
  await expect(inboxLink.locator(".nav-badge")).toHaveText(/^\d+$/);
  // Collapsed to its icon rail, the sidebar still shows the count, on the inbox's icon.
  await page.locator("label.sidebar-toggle-button").click();
  await page.mouse.move(1000, 600);
  const rail = sidebar(page);
  await expect.poll(async () => (await rail.boundingBox())?.width).toBeLessThan(80);
  const railBox = await rail.boundingBox();
  const badgeBox = await inboxLink.locator(".nav-badge").boundingBox();
  expect(badgeBox && railBox && badgeBox.x + badgeBox.width <= railBox.x + railBox.width).toBe(true);
  await page.locator("label.sidebar-toggle-button").click();

  await sidebar(page)
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await expect(page).toHaveURL(/\/messagesold$/);
  await sidebar(page).getByRole("link", { name: "Schools" }).click();
  await expect(page).toHaveURL(/\/schools$/);
  await expect(sidebar(page).getByRole("link", { name: "Schools" })).toHaveAttribute("aria-current", "page");

  await page.setViewportSize(PHONE);
  const messages = tabBar(page).locator("summary");
  await expect(messages).toHaveAccessibleName(/^Messages \(\d+ unread\)$/);
  await messages.click();
  await tabBar(page)
    .getByRole("link", { name: /^Inbox \(\d+ unread\)$/ })
    .click();
  await expect(page).toHaveURL(/\/messagesold$/);
  await expect(page.getByRole("list", { name: "Messages" }).getByText("Book fair volunteers")).toBeVisible();
});
