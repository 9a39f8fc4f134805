import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { expect, signedInPage, signIn, test } from "./support";

/**
 * Chat between two people, each in their own browser (SPEC §2–§4, decision 050). Every test
 * signs in as seeded people of its own (scripts/seed/chat.mjs), per browser project.
 */
function person(testInfo: TestInfo, who: "a" | "b" | "c") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return {
    email: `e2e-chat-${who}-${project}@demo.schoolhub.test`,
    username: `e2e_chat_${who}_${project}`,
    name: `Chat ${who.toUpperCase()} ${project}`,
  };
}

const chatBadge = (page: Page) => page.locator("details.conversations-menu > summary");
const messages = (page: Page) => page.getByRole("list", { name: "Messages" });

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

test.describe("chat", () => {
  test("A and B chat both ways: unread counts rise and clear, Seen appears", async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    // Two browsers and a dozen round trips: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const a = person(testInfo, "a");
    const b = person(testInfo, "b");
    const pageB = await signedInPage(browser, testInfo, b.email);
    if (javaScriptEnabled) await expect(pageB.locator("html")).toHaveAttribute("data-realtime", "open");

    // A starts the chat from /chat/@username: the first message is a plain form post (PRG).
    const pageA = await signedInPage(browser, testInfo, a.email, `/chat/@${b.username}`);
    await expect(pageA.getByText(`Say hello to ${b.name}.`)).toBeVisible();
    if (javaScriptEnabled) await expect(pageA.locator("html")).toHaveAttribute("data-realtime", "open");
    await send(pageA, "Hello B\nsee https://example.org/trip");
    await expect(messages(pageA).getByRole("link", { name: "https://example.org/trip" })).toBeVisible();

    // B is told: live with JavaScript, after a reload without.
    if (!javaScriptEnabled) await pageB.reload();
    await expect(chatBadge(pageB)).toHaveAttribute("aria-label", "Conversations, 1 unread message");

    await pageB.goto("/chat");
    const row = pageB.getByRole("link", { name: new RegExp(a.name) });
    await expect(row).toContainText("Hello B");
    // The avatar is decoration beside the name: the link says the name once (decision 229).
    await expect(row).toHaveAccessibleName(new RegExp(`^${a.name} Hello B`));
    // A name and a last message take their direction from their own first letter (an Arabic name in
    // an English list): chat.css's unicode-bidi, which dir=auto was for the name (decision 223).
    for (const part of [".chat-conversation-name", ".chat-conversation-last"])
      await expect(row.locator(part)).toHaveCSS("unicode-bidi", "plaintext");
    await row.click();
    await expect(messages(pageB)).toContainText("Hello B");
    await expect(chatBadge(pageB)).toHaveAttribute("aria-label", "Conversations");
    await send(pageB, "Hi A!");
    await expect(messages(pageB)).toContainText("Hi A!");

    // A sees the answer and that B read the first message.
    if (!javaScriptEnabled) await pageA.reload();
    await expect(messages(pageA)).toContainText("Hi A!");
    await send(pageA, "Great, see you Friday");
    await expect(messages(pageA)).toContainText("Great, see you Friday");
    if (!javaScriptEnabled) await pageB.reload();
    await expect(messages(pageB)).toContainText("Great, see you Friday");
    // B has the conversation open: with JavaScript it marks it read at once, and A sees "Seen" live.
    if (!javaScriptEnabled) await pageA.reload();
    await expect(messages(pageA).getByText("Seen", { exact: true })).toBeVisible();
  });

  test("a stranger cannot be messaged, with a clear reason", async ({ browser }, testInfo) => {
    const a = person(testInfo, "a");
    const c = person(testInfo, "c");
    const page = await signedInPage(browser, testInfo, a.email, `/chat/@${c.username}`);
    await expect(page.getByText(`${c.name} is neither, so you cannot message them.`)).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveCount(0);
  });

  test("the demo chat pages have no accessibility violations @js-only", async ({ page }) => {
    // Several pages, each rendered and analysed: like the other accessibility tests, more than
    // the default 30 s on a busy machine (one timed out at 30.9 s at a load average of 20).
    test.setTimeout(90_000);
    await signIn(page, "patparent");
    for (const path of ["/chat", "/chat/@mrsteacher"]) {
      await page.goto(path);
      expect(await axeViolations(page, { include: "main" }), path).toEqual([]);
    }
    // Earlier messages: the newest 50 first, a link to the rest.
    await page.goto("/chat/@mrsteacher");
    await expect(page.getByRole("link", { name: "Load earlier messages" })).toBeVisible();
  });
});
