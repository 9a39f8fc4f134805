import { expect, test } from "./support";

test.describe("guest shell", () => {
  test("the guest header offers only About and Login", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header.header");
    await expect(header.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link")).toHaveCount(3); // logo, About, Login
    await expect(
      page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Newsfeed" }),
    ).toHaveCount(0);
  });

  test("an unmatched route shows both 404 texts with status 404", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
    await expect(page.getByText("The requested URL /this/does/not/exist was not found on this server.")).toBeVisible();
    await page.getByRole("link", { name: "Go to home page" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the theme switch changes the theme and remembers it", async ({ page }) => {
    await page.goto("/about");
    await expect(page.locator("html")).toHaveClass("theme-d");
    await page.getByLabel("Theme").selectOption("theme-b");
    await page.getByRole("button", { name: "Apply theme" }).click();
    await expect(page.locator("html")).toHaveClass("theme-b");
    await expect(page).toHaveURL("/about");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("theme-b");
  });
});
