import type { Page } from "@playwright/test";
import { expect, SETTLING, signInAs, test } from "./support";

/**
 * A comment written offline (issue 23 item 3, decisions 132–133): kept on the device, shown
 * under its post as "Waiting to send", and posted once when the connection returns (the
 * service worker sends it with its clientKey; the server makes a repeat the same comment).
 */

/** Waits until the service worker controls the page (a page loaded before it activated is reloaded). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "none"), {
      timeout: 30_000,
      intervals: SETTLING,
    })
    .toBe("activated");
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { intervals: SETTLING })
    .toBe(true);
}

test.describe("comments written offline", () => {
  test("wait on the device, then are posted exactly once when back online @js-only", async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, "patparent");
    await controlled(page);
    // A page loaded under the worker's control tells it whose device this is (decision 131).
    await page.reload();
    // A post further down the first page (the suites' other tests look at the first ones).
    const card = page.locator("article.post-card").nth(4);
    const postId = (await card.getAttribute("id"))?.slice("post-".length);
    const text = `Written on the bus ${Date.now()}`;

    await context.setOffline(true);
    const box = card.locator(`#comment-body-${postId}`);
    await box.fill(text);
    await card.locator(".comment-form").getByRole("button").click();
    const waiting = card.locator(".comment-list li", { hasText: text });
    await expect(waiting).toContainText("Waiting to send");
    await expect(box).toHaveValue("");

    await context.setOffline(false);
    await expect(card.getByText("Waiting to send")).toHaveCount(0, { timeout: 20_000 });
    // Given time for a second send, if there were one.
    await page.waitForTimeout(2_000);
    await page.goto(`/content/${postId}`);
    await expect(page.locator("main")).toContainText(text);
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    await page.reload();
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    await expect(page.getByText("Waiting to send")).toHaveCount(0);
  });
});
