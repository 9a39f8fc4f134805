import type { Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test, waitForHydration } from "./support";

/**
 * Presses Tab (or Shift+Tab, to go back) until `target` has focus, as a keyboard user would;
 * fails if it never does.
 */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target}`);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Keyboard only, on a phone-sized window (decisions 035, 036): sign in, open and close the
 * sidebar drawer, every header menu, the confirmation dialog and an avatar popup, then sign
 * out. With JavaScript, Escape closes and focus returns to the trigger, and the avatar menu
 * answers the arrow keys; without it, the same key that opened a control closes it.
 */
test("everything opens, closes and signs out from the keyboard", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email or username"));
  await page.keyboard.type(`e2e_keyboard_${javaScriptEnabled ? "js" : "nojs"}`);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/newsfeed");
  await waitForHydration(page, javaScriptEnabled);
  const close = (key: string) => page.keyboard.press(javaScriptEnabled ? "Escape" : key);

  // The sidebar drawer: the toggle is a focusable control with a name.
  const toggle = page.getByRole("checkbox", { name: "Toggle sidebar" });
  const calendar = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Calendar" });
  await tabTo(page, toggle);
  await page.keyboard.press("Space");
  await expect(calendar).toBeVisible();
  await close("Space");
  await expect(calendar).toBeHidden();
  expect(await isFocused(toggle)).toBe(true);

  // The notifications and conversations dropdowns.
  for (const menu of ["notifications-menu", "conversations-menu"]) {
    const details = page.locator(`details.${menu}`);
    const summary = details.locator("> summary");
    await tabTo(page, summary);
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    await close("Enter");
    await expect(details).not.toHaveAttribute("open", "");
    expect(await isFocused(summary)).toBe(true);
  }

  // The confirmation: a modal dialog with JavaScript, a page of its own without. Back from the
  // conversations menu (forward, a full newsfeed lies between).
  await tabTo(page, page.locator("details.notifications-menu > summary"), "Shift+Tab");
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Mark All Read" }));
  await page.keyboard.press("Enter");
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole("link", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/newsfeed");
  }

  // An avatar popup on the Friends page.
  await page.goto("/profile/friends");
  // A menu opened before hydration is the browser's own: no focus moves into it.
  await waitForHydration(page, javaScriptEnabled);
  const popup = page.locator("main details.avatar-popup").first();
  await tabTo(page, popup.locator("> summary"));
  await page.keyboard.press("Enter");
  await expect(popup).toHaveAttribute("open", "");
  await close("Enter");
  await expect(popup).not.toHaveAttribute("open", "");

  // The avatar menu, and signing out.
  const avatarMenu = page.locator("details.avatar-menu");
  await tabTo(page, avatarMenu.locator("> summary"));
  await page.keyboard.press("Enter");
  await expect(avatarMenu).toHaveAttribute("open", "");
  const logOut = page.getByRole("menuitem", { name: "Log Out" });
  if (javaScriptEnabled) {
    // A menu: focus is on its first item, the arrow keys move, End jumps to the last.
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    expect(await isFocused(page.getByRole("menuitem", { name: "Friends" }))).toBe(true);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await isFocused(logOut)).toBe(true);
  } else {
    await tabTo(page, logOut);
  }
  await expect(logOut).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(page.locator("header.header").getByRole("link", { name: "Login" })).toBeVisible();
});
