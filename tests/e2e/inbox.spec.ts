import type { Page, TestInfo } from "@playwright/test";
import { axeViolations } from "./axe";
import { confirm, expect, signedInPage, signIn, signInAs, test } from "./support";

/**
 * The message inbox between two people, each in their own browser (SPEC §2 /messagesold,
 * decisions 063–065), with and without JavaScript. Each browser project signs in as seeded
 * friends of its own (scripts/seed/inbox.mjs).
 */
function person(testInfo: TestInfo, who: "a" | "b") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return {
    email: `e2e-inbox-${who}-${project}@demo.schoolhub.test`,
    username: `e2e_inbox_${who}_${project}`,
    name: `Inbox ${who.toUpperCase()} ${project}`,
  };
}

const list = (page: Page) => page.getByRole("list", { name: "Messages" });
const SLIP = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

test.describe("message inbox", () => {
  test("A sends B a message with an attachment; B reads it, downloads the file, replies and deletes it", async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(120_000);
    const a = person(testInfo, "a");
    const b = person(testInfo, "b");
    const subject = `Permission slip ${Date.now()}`;
    // B has the inbox open: with JavaScript the message will arrive there live.
    const pageB = await signedInPage(browser, testInfo, b.email, "/messagesold");
    if (javaScriptEnabled) await expect(pageB.locator("html")).toHaveAttribute("data-realtime", "open");

    // A writes from /messagesold: a plain multipart form, then the sent message (PRG).
    const pageA = await signedInPage(browser, testInfo, a.email, "/messagesold");
    await pageA.getByRole("link", { name: "New message" }).click();
    await pageA.getByLabel("To", { exact: true }).fill(b.username);
    await pageA.getByLabel("Subject").fill(subject);
    await pageA.getByLabel("Message", { exact: true }).fill("Please sign the slip.\nThank you!");
    await pageA
      .getByLabel("Attachments")
      .setInputFiles({ name: "slip.pdf", mimeType: "application/pdf", buffer: SLIP });
    await pageA.getByRole("button", { name: "Send", exact: true }).click();
    await expect(pageA.getByText("Your message has been sent.")).toBeVisible();
    await expect(pageA.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(pageA.getByRole("link", { name: "slip.pdf" })).toBeVisible();

    // B has it unread (bold): live with JavaScript, after a reload without.
    if (!javaScriptEnabled) await pageB.reload();
    const row = list(pageB).getByRole("listitem").filter({ hasText: subject });
    await expect(row).toHaveClass(/inbox-unread/);
    await expect(pageB.getByRole("link", { name: "Inbox, 1 unread" })).toBeVisible();
    // Subject and sender take their direction from their own first letters (inbox.css, as dir=auto
    // did); the row is a plain link whose click the list sends through the router (decision 229).
    for (const part of [".inbox-subject", ".inbox-who"])
      await expect(row.locator(part)).toHaveCSS("unicode-bidi", "plaintext");
    // The avatar is decoration beside "From …": the link says the sender's name once.
    await expect(row.getByRole("link")).toHaveAccessibleName(new RegExp(`^Unread: ${subject} From ${a.name}`));
    await pageB.evaluate(() => Object.assign(window, { sameDocument: true }));
    await row.getByRole("link").click();
    await expect(pageB.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    expect(await pageB.evaluate(() => "sameDocument" in window)).toBe(javaScriptEnabled);
    await expect(pageB.getByText("Please sign the slip.")).toBeVisible();
    const download = pageB.waitForEvent("download");
    await pageB.getByRole("link", { name: "slip.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("slip.pdf");
    await pageB.goto("/messagesold");
    await expect(list(pageB).getByRole("listitem").filter({ hasText: subject })).not.toHaveClass(/inbox-unread/);

    // B replies: the form quotes A's message and answers A, by name (decision 125).
    await list(pageB).getByRole("listitem").filter({ hasText: subject }).getByRole("link").click();
    await pageB.getByRole("link", { name: "Reply" }).click();
    await expect(pageB.getByLabel("To", { exact: true })).toHaveValue(a.name);
    await expect(pageB.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
    await expect(pageB.getByLabel("Message", { exact: true })).toHaveValue(/> Please sign the slip\./);
    await pageB.getByLabel("Message", { exact: true }).press("Control+Home");
    await pageB.getByLabel("Message", { exact: true }).pressSequentially("Signed, see you Friday.");
    await pageB.getByRole("button", { name: "Send", exact: true }).click();
    await expect(pageB.getByText("Your message has been sent.")).toBeVisible();
    await expect(pageB.getByText("Signed, see you Friday.")).toBeVisible();

    // A gets the reply, in the same thread as the first message.
    await pageA.goto("/messagesold");
    await list(pageA)
      .getByRole("listitem")
      .filter({ hasText: `Re: ${subject}` })
      .getByRole("link")
      .click();
    await expect(pageA.getByText("Signed, see you Friday.")).toBeVisible();
    await expect(pageA.getByText("Please sign the slip.", { exact: false }).first()).toBeVisible();

    // B deletes A's message, for B only: a confirmation first (dialog, or a page without JavaScript).
    await pageB.goto("/messagesold");
    await list(pageB).getByRole("listitem").filter({ hasText: subject }).getByRole("link").click();
    const first = pageB.getByRole("article").filter({ hasText: "Please sign the slip." }).first();
    await first.getByRole("button", { name: "Delete" }).click();
    await confirm(pageB, "Are you sure you want to delete this message? Only your copy is deleted.", javaScriptEnabled);
    await expect(pageB.getByText("The message has been deleted.")).toBeVisible();
    await expect(pageB.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);

    // A still has it.
    await pageA.goto("/messagesold?box=sent");
    await expect(list(pageA).getByRole("listitem").filter({ hasText: subject }).first()).toBeVisible();
  });

  test("a refused message keeps what was typed and asks for the files again", async ({ page }) => {
    await signInAs(page, "patparent", { to: "/messagesold/compose" });
    await page.getByLabel("To", { exact: true }).fill("Nobody Byname");
    await page.getByLabel("Subject").fill("Carpool");
    await page.getByLabel("Message", { exact: true }).fill("Can you drive on Monday?");
    await page.getByLabel("Attachments").setInputFiles({ name: "map.pdf", mimeType: "application/pdf", buffer: SLIP });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("There is no one called “Nobody Byname”")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Carpool");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Can you drive on Monday?");
    await expect(page.getByText("choose them again")).toBeVisible();
  });

  test("the inbox pages have no accessibility violations @js-only", async ({ page }) => {
    // Five pages, each rendered and analysed: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, "patparent");
    for (const path of [
      "/messagesold",
      "/messagesold?box=sent",
      "/messagesold/1",
      "/messagesold/compose",
      "/messagesold/compose/1",
    ]) {
      await page.goto(path);
      expect(await axeViolations(page, { include: "main" }), path).toEqual([]);
    }
    // The seeded thread has a PDF attached, in local R2 (scripts/seed/inbox.mjs).
    await page.goto("/messagesold/1");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "permission-slip.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("permission-slip.pdf");
  });
});
