import type { Page } from "@playwright/test";
import { expect, test } from "./support";

/**
 * Sign in with Google and Apple (decision 020) against scripts/fake-idp.mjs, the fake provider
 * that scripts/serve-e2e.mjs starts on 127.0.0.1:8799. It speaks the real protocols: Google's
 * authorization code with PKCE, Apple's form_post. `login_hint` picks the Google person.
 */

/** A Google address nobody has used yet, one per test and project. */
function newGoogleEmail(testInfo: { project: { name: string } }) {
  return `new.${testInfo.project.name}.${Date.now().toString(36)}@idp.test`;
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(page).toHaveURL("/newsfeed");
  await expect(page.getByText(`Hello, ${name}!`)).toBeVisible();
  await expect(page.getByLabel("Account menu")).toBeVisible();
}

test.describe("Sign in with Google", () => {
  // In order: the first of these to sign Gina in creates her account, which the others then use.
  test.describe.configure({ mode: "default" });
  test("Continue with Google on the sign-in page lands on the newsfeed, signed in", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expectSignedInAs(page, "Gina Google");
  });

  test("creates an account for a new Google person, without a password", async ({ page }, testInfo) => {
    const email = newGoogleEmail(testInfo);
    await page.goto(`/login/google?login_hint=${encodeURIComponent(email)}`);
    await expect(page).toHaveURL("/newsfeed");
    // The fake provider names people after their address: "new.js.…" is "New Js …".
    await expect(page.getByText(/^Hello, New /)).toBeVisible();
    await page.goto("/profile/settings");
    await expect(page.getByText(`Your email address is ${email}.`)).toBeVisible();
    await expect(page.getByText("Your account has no password, so none is needed here.")).toBeVisible();
  });

  test("links to the demo account with the same verified email", async ({ page }) => {
    await page.goto("/login/google?login_hint=teacher%40demo.schoolhub.test");
    await expectSignedInAs(page, "Terry Teacher");
  });

  test("brings a guest back to the page they wanted", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL("/profile");
  });

  test("says so when the person cancels at Google", async ({ page }) => {
    await page.goto("/login/google?login_hint=cancel%40idp.test");
    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Sign-in with Google was cancelled.")).toBeVisible();
  });
});

test.describe("Sign in with Apple", () => {
  test("Continue with Apple posts back from Apple and lands on the newsfeed, signed in", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    // Apple's page posts its answer by itself; without JavaScript the person presses Continue.
    if (!javaScriptEnabled) {
      await expect(page.getByRole("heading", { name: "Fake Apple ID" })).toBeVisible();
      await page.getByRole("button", { name: "Continue" }).click();
    }
    await expectSignedInAs(page, "Avery Appleseed");

    // Signing out and in again: Apple sends no name the second time; the account keeps it.
    await page.context().clearCookies({ name: "__session" });
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue" }).click();
    await expectSignedInAs(page, "Avery Appleseed");
  });
});
