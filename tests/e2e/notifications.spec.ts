import type { Page, TestInfo } from "@playwright/test";
import { expect, signInAs, test, waitForHydration } from "./support";

/**
 * The header's notifications dropdown (SPEC §2, §4, §8). Each test signs in as its own seeded
 * user (scripts/seed.mjs: two unread notifications and one read), per browser project.
 */
function userFor(testInfo: TestInfo, purpose: "open" | "all" | "live") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return `e2e-notify-${project}-${purpose}@demo.schoolhub.test`;
}

const bell = (page: Page) => page.locator("summary.i-bell").and(page.getByLabel(/^Notifications/));

async function openDropdown(page: Page) {
  await bell(page).click();
  const panel = page.locator(".notifications-panel");
  await expect(panel).toBeVisible();
  return panel;
}

test.describe("notifications dropdown", () => {
  test("shows the unread count, and a click marks one read and goes to its path", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await signInAs(page, userFor(testInfo, "open"));
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 2 unread");
    // With JavaScript the router posts the form and follows the redirect in the page (decision 203).
    if (javaScriptEnabled) {
      await waitForHydration(page, true);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    }
    const panel = await openDropdown(page);
    const titles = panel.locator(".notification-title");
    await expect(titles).toHaveText([
      "Sam Student sent you a friend request",
      "New post in Lincoln PTO",
      "Terry Teacher accepted your friend request",
    ]);
    // One form for the list, its buttons each posting to their notification's action (decision 227).
    await expect(panel.locator(".notifications-list button[formaction$='/open']")).toHaveCount(3);
    await expect(panel.locator("form")).toHaveCount(2);
    await panel.getByRole("button", { name: /Sam Student sent you a friend request/ }).click();
    // Only the path of the stored url (http://localhost/…) is used.
    await expect(page).toHaveURL("/profile/friends?tab=incoming");
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 1 unread");
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      await expect(page.locator("details.notifications-menu")).not.toHaveAttribute("open", "");
    }
    // On a short phone screen the sheet scrolls above the tab bar, not under it: its last item
    // stays in reach (decision 225).
    await page.setViewportSize({ width: 360, height: 340 });
    const sheet = await openDropdown(page);
    const [sheetBottom, barTop] = await sheet.evaluate((panel) => [
      panel.getBoundingClientRect().bottom,
      document.querySelector(".tab-bar")!.getBoundingClientRect().top,
    ]);
    expect(sheetBottom).toBeLessThanOrEqual(barTop + 0.5);
  });

  test("Mark All Read asks first, then marks everything read", async ({ page, javaScriptEnabled }, testInfo) => {
    await signInAs(page, userFor(testInfo, "all"));
    await expect(page).toHaveURL("/newsfeed");
    let panel = await openDropdown(page);
    await panel.getByRole("button", { name: "Mark All Read" }).click();
    const question = "Are you sure you want to mark all notifications as read?";
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: question });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 2 unread");
      await panel.getByRole("button", { name: "Mark All Read" }).click();
      await dialog.getByRole("button", { name: "Yes" }).click();
    } else {
      // Without JavaScript the action answers with a page that asks (DESIGN §1).
      await expect(page.getByRole("main").getByText(question)).toBeVisible();
      await page.getByRole("main").getByRole("button", { name: "Yes" }).click();
    }
    await expect(page).toHaveURL("/newsfeed");
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications");
    panel = await openDropdown(page);
    await expect(panel.getByRole("button", { name: "Mark All Read" })).toBeDisabled();
    await expect(panel.locator(".notification-unread")).toHaveCount(0);
  });

  test("a new notification arrives live, without a reload @js-only", async ({ page }, testInfo) => {
    const email = userFor(testInfo, "live");
    await signInAs(page, email);
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const response = await page.request.post("/__dev/notify", {
      form: { user: email, title: "Casey Coach accepted your friend request", url: "/about/terms" },
    });
    expect(response.ok()).toBe(true);

    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 3 unread");
    const panel = await openDropdown(page);
    await expect(panel.locator(".notification-title").first()).toHaveText("Casey Coach accepted your friend request");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await panel.getByRole("button", { name: /Casey Coach accepted your friend request/ }).click();
    await expect(page).toHaveURL("/about/terms");
    await expect(bell(page)).toHaveAttribute("aria-label", "Notifications, 2 unread");
  });
});
