import { expect, signInAs, test } from "./support";

test.describe("conversations dropdown", () => {
  test("lists the demo parent's direct chat, linking to /chat/@username, and a way to all conversations", async ({
    page,
  }) => {
    await signInAs(page, "patparent", { to: "/profile" });
    await page.locator("details.conversations-menu > summary").click();
    const panel = page.locator("details.conversations-menu .menu-panel");
    await expect(panel.getByRole("link", { name: /Terry Teacher/ })).toHaveAttribute("href", "/chat/@mrsteacher");
    await expect(panel.getByRole("link", { name: "View all Conversations" })).toHaveAttribute("href", "/chat");
  });

  test("says so when there are no conversations", async ({ page }) => {
    await signInAs(page, "samstudent", { to: "/profile" });
    await page.locator("details.conversations-menu > summary").click();
    await expect(page.getByText("You have no active conversations.")).toBeVisible();
  });
});
