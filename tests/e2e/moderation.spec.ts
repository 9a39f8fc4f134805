import type { Browser, Page, TestInfo } from "@playwright/test";
import { fitsThePhone, iconContrastInThemes, PHONE, pressAndSeePending, quotedAtFullWidth, tappable } from "./phone";
import { expect, signedInPage, test } from "./support";

/**
 * Reports of chat messages and the operators' queue at 360 px, with and without JavaScript
 * (issue 26 item 4, decision 186). Each project has its own parent and rude neighbour with a
 * direct chat (scripts/seed/moderation.mjs); the operator is shared, so everything it looks for
 * carries the project's name.
 */

/** The project's parent, at 360 px, in the direct chat with its rude neighbour. */
function parentInChat(browser: Browser, testInfo: TestInfo, p: string) {
  return signedInPage(browser, testInfo, `e2e-report-parent-${p}@demo.schoolhub.test`, `/chat/@e2e_report_rude_${p}`, {
    viewport: PHONE,
  });
}

async function notificationsOf(page: Page) {
  await page.reload();
  const bell = page.locator("summary").and(page.getByLabel(/^Notifications/));
  await expect(bell).toHaveAttribute("aria-label", /^Notifications, \d+ unread$/);
  await bell.click();
  return page.locator(".notifications-panel");
}

test("a parent reports a chat message, the operator warns its author, both are told and the audit log shows it", async ({
  browser,
}, testInfo) => {
  // Three people sign in and walk the pages: slow on a loaded machine.
  test.setTimeout(90_000);
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const rude = `Mind your own business, idiot ${p}`;
  // This run's own note: a run before it on the same database left its entry in the audit log
  // and its warning with the author, so what this run looks for is what it wrote.
  const note = `Please be polite ${p} ${Date.now().toString(36)}`;
  const parent = await parentInChat(browser, testInfo, p);
  const message = parent.locator(".chat-message").filter({ hasText: rude });
  await expect(message).toBeVisible();
  // Only someone else's message can be reported; one's own has Delete there instead.
  await expect(
    parent
      .locator(".chat-message")
      .filter({ hasText: `Could you move your car? ${p}` })
      .getByRole("link", {
        name: "Report this message",
      }),
  ).toHaveCount(0);
  await fitsThePhone(parent);
  // A quiet icon, yet 3:1 against the thread in light and dark (decision 194).
  await iconContrastInThemes(parent, message.getByRole("link", { name: "Report this message" }));
  await message.getByRole("link", { name: "Report this message" }).click();

  await expect(parent.getByRole("heading", { level: 1 })).toHaveText("Report this message");
  await expect(parent.getByRole("main")).toContainText(rude);
  await fitsThePhone(parent);
  // The message is quoted at the phone's width, not squeezed by the browser's indents (decision 194).
  await quotedAtFullWidth(parent.locator(".report-preview"), parent.getByRole("main"));
  await parent.getByRole("button", { name: "Send report" }).click();
  // The reason is required: the browser's check with JavaScript or without (the field is `required`).
  await expect(parent).toHaveURL(/\/report\?/);
  await parent.getByLabel("What is wrong with this message?").fill("Name-calling");
  await parent.getByRole("button", { name: "Send report" }).click();
  await expect(parent.locator(".toast")).toContainText("Thank you. Your report was sent to the SchoolHub team.");
  await expect(parent).toHaveURL(`/chat/@e2e_report_rude_${p}`);

  const operator = await signedInPage(browser, testInfo, "e2e-operator@demo.schoolhub.test", "/moderation");
  await operator.setViewportSize(PHONE);
  await expect(operator.getByRole("heading", { level: 1 })).toHaveText("Moderation");
  const item = operator.locator(".moderation-item").filter({ hasText: rude });
  await expect(item).toContainText("Reported message");
  await expect(item).toContainText("Name-calling");
  // The context: what was said just before.
  await expect(item).toContainText(`Could you move your car? ${p}`);
  await fitsThePhone(operator);
  await quotedAtFullWidth(item, operator.getByRole("main"));
  await quotedAtFullWidth(item.locator(".moderation-body"), item);
  await tappable(item);
  await item.getByLabel("Note (optional)").fill(note);
  await item.getByRole("button", { name: "Warn the author" }).click();
  await expect(operator.locator(".toast")).toContainText("The author was warned.");
  await expect(operator.locator(".moderation-item").filter({ hasText: rude })).toHaveCount(0);
  const entry = operator.locator(".moderation-log-list li").filter({ hasText: note });
  await expect(entry).toContainText("Opal Operator: Warn the author — Reported message");
  await expect(entry).toContainText(rude);
  await expect(entry).toContainText(`Author: Rude Neighbour ${p}`);
  await fitsThePhone(operator);

  const told = await notificationsOf(parent);
  // The reporter's thanks reads the same every run: this run's is the one unread, and opening it
  // (back to the chat) leaves none unread for the next run on this database.
  const thanks = told.locator(".notification-unread").filter({
    hasText: "A moderator reviewed the message you reported and warned its author. Thank you for reporting it.",
  });
  await expect(thanks).toBeVisible();
  await fitsThePhone(parent);
  await thanks.click();
  await expect(parent).toHaveURL(/\/chat\/\d+$/);
  await expect(parent.locator(".chat-message").filter({ hasText: rude })).toBeVisible();

  const author = await signedInPage(browser, testInfo, `e2e-report-rude-${p}@demo.schoolhub.test`, "/newsfeed");
  await author.setViewportSize(PHONE);
  const warned = await notificationsOf(author);
  await expect(warned.getByText(`A moderator warned you about your message: ${note}`)).toBeVisible();
});

test("a parent reports a person from their profile, and an ordinary member cannot open the operators' queue", async ({
  browser,
}, testInfo) => {
  // Three people sign in and walk the pages: slow on a loaded machine.
  test.setTimeout(90_000);
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const parent = await parentInChat(browser, testInfo, p);
  const header = parent.locator(".chat-thread-header");
  await header.getByLabel(`Options for Rude Neighbour ${p}`).click();
  await header.getByRole("link", { name: "Report", exact: true }).click();
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText(`Report Rude Neighbour ${p}`);
  await parent.getByLabel("What is wrong?").fill(`Shouts at the kids ${p}`);
  await pressAndSeePending(parent, p === "js", "/report", parent.getByRole("main"), "Send report", "Sending…");
  await expect(parent.locator(".toast")).toContainText("Thank you.");
  await expect(parent).toHaveURL(`/chat/@e2e_report_rude_${p}`);

  const response = await parent.goto("/moderation");
  expect(response?.status()).toBe(403);

  const operator = await signedInPage(browser, testInfo, "e2e-operator@demo.schoolhub.test", "/moderation");
  await operator.setViewportSize(PHONE);
  const item = operator.locator(".moderation-item").filter({ hasText: `Shouts at the kids ${p}` });
  await expect(item).toContainText("Reported person");
  await expect(item.getByRole("link", { name: "Open their profile" })).toBeVisible();
  await pressAndSeePending(operator, p === "js", "/moderation", item, "Dismiss", "Saving…");
  await expect(operator.locator(".toast")).toContainText("The reports were dismissed.");
  await fitsThePhone(operator);
});

test("a post's author card offers Report, which comes back to the feed @js-only", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const parent = await signedInPage(browser, testInfo, "e2e-report-parent-js@demo.schoolhub.test", "/newsfeed");
  await parent.setViewportSize(PHONE);
  const post = parent.locator("article").filter({ hasText: "Selling my old bike js" });
  await post.getByRole("link", { name: /^About / }).click();
  const popup = post.locator("details.avatar-popup");
  await expect(popup).toHaveAttribute("open", "");
  await fitsThePhone(parent);
  await popup.getByRole("link", { name: "Report", exact: true }).click();
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText("Report Rude Neighbour js");
  await parent.getByLabel("What is wrong?").fill("Sells things in every community");
  await parent.getByRole("button", { name: "Send report" }).click();
  await expect(parent.locator(".toast")).toContainText("Thank you. Your report was sent to the SchoolHub team.");
  await expect(parent).toHaveURL("/newsfeed");
});
