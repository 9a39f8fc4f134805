import type { Page } from "@playwright/test";
import { expect, signInAs, test, waitForHydration } from "./support";

/**
 * Long lists render plain <a> and one click handler per list sends them through the router
 * (decision 205): with JavaScript a tap is a client-side navigation (the page's window lives on),
 * without it the link loads the page. Read-only: the demo parent's calendar and friends.
 */
const MARK = "__listLinksMark";

async function mark(page: Page, javaScriptEnabled: boolean) {
  await waitForHydration(page, javaScriptEnabled);
  if (javaScriptEnabled) await page.evaluate((name) => Object.assign(window, { [name]: true }), MARK);
}

/** With JavaScript the window that was marked is still there: no document was loaded. */
async function expectClientNavigation(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name] === true, MARK)).toBe(true);
}

for (const width of [360, 1280]) {
  test(`a date of the calendar opens its event (${width} px)`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAs(page, "patparent", { to: "/calendar" });
    await mark(page, javaScriptEnabled);
    // The grid's links at 1280 px, the agenda's on a phone: one markup, whichever part is on show.
    const link = page.locator(".month-days a.month-event").filter({ visible: true }).first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/calendar\/events\/\d+\?on=\d+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace("?", "\\?")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectClientNavigation(page, javaScriptEnabled);
  });
}

test("a friend's popup opens, closes on Escape, and leads to the profile", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, "patparent", { to: "/profile/friends" });
  await mark(page, javaScriptEnabled);
  const friends = page.getByRole("region", { name: "Your friends" });
  const popup = friends.locator("details.avatar-popup").first();
  await popup.locator("> summary").click();
  await expect(popup).toHaveAttribute("open", "");
  if (javaScriptEnabled) {
    // One handler for the list closes it as each popup's own hooks did.
    await page.keyboard.press("Escape");
    await expect(popup).not.toHaveAttribute("open", "");
    await popup.locator("> summary").click();
  }
  await popup.getByRole("link", { name: "View profile" }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectClientNavigation(page, javaScriptEnabled);
});
