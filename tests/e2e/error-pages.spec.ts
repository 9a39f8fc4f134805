import { expect, signInAs, test } from "./support";

test.describe("error pages", () => {
  test("a missing page answers 404 with the SPEC texts and a way home", async ({ page }) => {
    const response = await page.goto("/nothing-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
    await expect(page.getByText("The requested URL /nothing-here was not found on this server.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to home page" })).toHaveAttribute("href", "/");
    // Named in the tab and in search results like every page (docs/decisions/073-meta-descriptions.md).
    await expect(page).toHaveTitle("This page could not be found · SchoolHub");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /SchoolHub/);
  });

  test("an unexpected error answers 500 with the SPEC texts", async ({ page }) => {
    const response = await page.goto("/__dev/error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Oops! Something went wrong…" })).toBeVisible();
    await expect(page.getByText("There was an error. Please try again later.")).toBeVisible();
  });

  test("any other status shows 'An error occurred' with a home link, keeping the status", async ({ page }) => {
    const response = await page.goto("/__dev/error?status=418");
    expect(response?.status()).toBe(418);
    await expect(page.getByRole("heading", { name: "An error occurred" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to home page" })).toBeVisible();
  });

  test("a signed-in page's error shows in the signed-in shell, with its status and texts", async ({ page }) => {
    // The signed-in layout's boundary (decision 239): the page's 404 inside the signed-in header's shell.
    await signInAs(page, "patparent");
    const response = await page.goto("/content/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found" })).toBeVisible();
    await expect(page.getByText("The requested URL /content/999999 was not found on this server.")).toBeVisible();
    await expect(page.getByLabel("Account menu")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to home page" })).toHaveAttribute("href", "/");
  });
});
