import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "schoolhub-demo";

/** Signs in through the real form, as a person would (works with and without JavaScript). */
export async function signInAs(page: Page, identifier: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Account menu" }).or(page.getByLabel("Account menu"))).toBeVisible();
}
