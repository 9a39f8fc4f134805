import { expect, signInAs, test } from "./support";

test.describe("conversations dropdown", () => {
  test("lists the demo parent's direct chat, linking to /chat/@username, and a way to all conversations", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, "patparent", { to: "/profile" });
    // The list is not sent with the page: scripts make it on the first opening (decision 227).
    await expect(page.locator(".conversations-list")).toHaveCount(0);
    await page.locator("details.conversations-menu > summary").click();
    const panel = page.locator("details.conversations-menu .menu-panel");
    const viewAll = panel.getByRole("link", { name: "View all Conversations" });
    await expect(viewAll).toHaveAttribute("href", "/chat");
    if (javaScriptEnabled) {
      await expect(panel.getByRole("link", { name: /Terry Teacher/ })).toHaveAttribute("href", "/chat/@mrsteacher");
      return;
    }
    // Without scripts the menu leads to the page that lists them all.
    await expect(panel.locator(".conversations-list")).toHaveCount(0);
    await viewAll.click();
    await expect(page).toHaveURL(/\/chat$/);
    // (The chat list opens an unread conversation at its first unread message.)
    await expect(page.locator("main").getByRole("link", { name: /Terry Teacher/ })).toHaveAttribute(
      "href",
      /^\/chat\/@mrsteacher(#unread)?$/,
    );
  });

  test("says so when there are no conversations", async ({ page }) => {
    await signInAs(page, "samstudent", { to: "/profile" });
    await page.locator("details.conversations-menu > summary").click();
    await expect(page.getByText("You have no active conversations.")).toBeVisible();
  });
});
