import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { confirm, expect, signedInPage, signInAs, test } from "./support";

/**
 * Group conversations (decision 060) with three people, each in their own browser: A (friends
 * with B and C) creates a group with B, renames it, adds C; B leaves; A deletes a message. The
 * people are seeded per browser project (scripts/seed/chat-groups.mjs).
 */
function person(testInfo: TestInfo, who: "a" | "b" | "c") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return {
    email: `e2e-group-${who}-${project}@demo.schoolhub.test`,
    name: `Group ${who.toUpperCase()} ${project}`,
  };
}

const messages = (page: Page) => page.getByRole("list", { name: "Messages" });
const title = (page: Page) => page.locator("#chat-title");

async function send(page: Page, text: string) {
  await page.getByLabel("Message", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page)).toContainText(text);
}

test.describe("chat groups", () => {
  test("a group is created, renamed, a member added, one leaving, a message deleted", async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const [a, b, c] = [person(testInfo, "a"), person(testInfo, "b"), person(testInfo, "c")];
    // A: New group, a name, B ticked.
    const pageA = await signedInPage(browser, testInfo, a.email, "/chat");
    await pageA.getByRole("link", { name: "New group" }).click();
    await pageA.getByLabel("Group name").fill("Museum trip");
    await pageA.getByRole("checkbox", { name: new RegExp(b.name) }).check();
    await pageA.getByRole("button", { name: "Create group" }).click();
    await expect(title(pageA)).toHaveText("Museum trip");
    await expect(pageA.getByRole("link", { name: "2 members" })).toBeVisible();
    const groupUrl = new URL(pageA.url()).pathname;
    expect(groupUrl).toMatch(/^\/chat\/\d+$/);
    if (javaScriptEnabled) await expect(pageA.locator("html")).toHaveAttribute("data-realtime", "open");
    await send(pageA, "Hello group");

    // B finds it in the list by its name and reads it.
    const pageB = await signedInPage(browser, testInfo, b.email, "/chat");
    await pageB.getByRole("link", { name: /Museum trip/ }).click();
    await expect(messages(pageB)).toContainText("Hello group");
    if (javaScriptEnabled) await expect(pageB.locator("html")).toHaveAttribute("data-realtime", "open");

    // A renames it on the group's page; B's open tab follows live with JavaScript.
    await pageA.getByRole("link", { name: "2 members" }).click();
    await pageA.getByLabel("Group name").fill("Museum trip Friday");
    await pageA.getByRole("button", { name: "Rename" }).click();
    await expect(pageA.locator("#chat-group-title")).toHaveText("Museum trip Friday");
    if (!javaScriptEnabled) await pageB.reload();
    await expect(title(pageB)).toHaveText("Museum trip Friday");

    // A adds C, found by name.
    await pageA.getByLabel("Find people by name or username").fill(c.name);
    await pageA.getByRole("button", { name: "Find" }).click();
    await pageA.getByRole("checkbox", { name: new RegExp(c.name) }).check();
    await pageA.getByRole("button", { name: "Add to the group" }).click();
    await expect(pageA.getByRole("heading", { name: "3 members" })).toBeVisible();
    const pageC = await signedInPage(browser, testInfo, c.email, groupUrl);
    await expect(messages(pageC)).toContainText("Hello group");

    // B leaves (asked first) and can no longer open it. (B's header says 3 members live with
    // JavaScript, 2 until a reload without.)
    await pageB.getByRole("link", { name: / members$/ }).click();
    await pageB.getByRole("button", { name: "Leave the group" }).click();
    await confirm(pageB, "Leave “Museum trip Friday”? You will no longer see its messages.", javaScriptEnabled);
    await expect(pageB).toHaveURL(/\/chat$/);
    await expect(pageB.getByRole("link", { name: /Museum trip/ })).toHaveCount(0);
    const gone = await pageB.goto(groupUrl);
    expect(gone?.status()).toBe(404);

    // A deletes the message; it leaves C's open page (live with JavaScript).
    await pageA.goto(groupUrl);
    await expect(pageA.getByRole("link", { name: "2 members" })).toBeVisible();
    const mine = messages(pageA).getByRole("listitem").filter({ hasText: "Hello group" });
    await mine.getByRole("button", { name: "Delete" }).click();
    await confirm(pageA, "Delete this message for everyone in the conversation?", javaScriptEnabled);
    await expect(pageA.locator(".chat-scroller").getByText("Hello group")).toHaveCount(0);
    if (!javaScriptEnabled) await pageC.reload();
    await expect(pageC.locator(".chat-scroller").getByText("Hello group")).toHaveCount(0);
  });

  test("the group pages have no accessibility violations @js-only", async ({ page }) => {
    // Three pages and three axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await signInAs(page, "patparent", { to: "/chat" });
    const row = page.getByRole("link", { name: /Field trip volunteers/ });
    await row.click();
    await expect(page.locator("#chat-title")).toHaveText("Field trip volunteers");
    const groupPath = new URL(page.url()).pathname;
    for (const path of ["/chat/new", `${groupPath}/group`, groupPath]) {
      await page.goto(path);
      expect(await axeViolations(page, { include: "main" }), path).toEqual([]);
    }
  });
});
