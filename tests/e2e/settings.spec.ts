import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, openMail, signInAs, signInThroughForm, test } from "./support";

/** Each Playwright project has its own seeded accounts (scripts/seed.mjs), so runs never collide. */
const account = (purpose: "settings" | "password" | "delete") =>
  `e2e_${purpose}_${test.info().project.name === "js" ? "js" : "nojs"}`;

const section = (page: Page, name: string) => page.getByRole("region", { name });
const toast = (page: Page) => page.locator(".toast");

/** Opens the avatar menu (a <details>, which may still be open after a client-side navigation). */
async function openAvatarMenu(page: Page) {
  const menu = page.locator("details.avatar-menu");
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) {
    await page.getByLabel("Account menu").click();
  }
  return menu;
}

async function openMenuItem(page: Page, name: string) {
  await (await openAvatarMenu(page)).getByRole("menuitem", { name }).click();
}

test.describe("profile, friends and settings", () => {
  // In order: three of these change the same account (its name, theme and email address).
  test.describe.configure({ mode: "default" });
  test("the avatar menu leads to Profile, Friends and Settings", async ({ page }) => {
    // Read-only checks on a demo user that no test changes.
    await signInAs(page, "patparent", { to: "/about" });
    await openMenuItem(page, "Profile");
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
    await expect(page.getByText("@patparent")).toBeVisible();
    const communities = page.getByRole("region", { name: "Your communities" });
    await expect(communities.getByRole("link", { name: "Lincoln PTO" })).toBeVisible();
    await expect(communities.locator(".category-label.category-pto")).toHaveText("PTO");

    await openMenuItem(page, "Friends");
    await expect(page).toHaveURL("/profile/friends");
    await expect(page.getByRole("region", { name: "Your friends" })).toContainText("Terry Teacher");
    await expect(page.getByRole("region", { name: "Friend requests for you" })).toContainText("Sam Student");

    await openMenuItem(page, "Settings");
    await expect(page).toHaveURL("/profile/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    // One settings page (decision 039): one theme picker, and on a wide screen a local
    // navigation that leads to every section, each a region with its heading.
    await expect(page.getByRole("combobox", { name: "Theme", exact: true })).toHaveCount(1);
    const links = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
    await expect(links).toHaveCount(11);
    for (const link of await links.all()) {
      const target = page.locator(`section${await link.getAttribute("href")}`);
      await expect(target.getByRole("heading", { level: 2, name: (await link.textContent()) ?? "" })).toBeVisible();
    }
  });

  test("changes the name, with errors shown at the field", async ({ page }) => {
    await signInAs(page, account("settings"), { to: "/profile/settings" });
    const profile = section(page, "Profile");
    await profile.getByLabel("Name", { exact: true }).fill("Eve Renamed");
    await profile.getByLabel("Username", { exact: true }).fill("no spaces!");
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(profile.getByText("Use only letters a–z, digits, underscore (_) and dot (.).")).toBeVisible();
    // What was typed is still there.
    await expect(profile.getByLabel("Name", { exact: true })).toHaveValue("Eve Renamed");

    await profile.getByLabel("Username", { exact: true }).fill(account("settings"));
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Your profile has been saved.");
    await expect(section(page, "Profile").getByLabel("Name", { exact: true })).toHaveValue("Eve Renamed");
    await expect((await openAvatarMenu(page)).locator(".menu-heading")).toHaveText("Eve Renamed");
  });

  test("changes the theme for the account", async ({ page }) => {
    await signInAs(page, account("settings"), { to: "/profile/settings" });
    const theme = section(page, "Theme");
    await theme.getByLabel("Theme", { exact: true }).selectOption({ label: "Rose" });
    await theme.getByRole("button", { name: "Save theme" }).click();
    await expect(toast(page)).toContainText("Theme changed to Rose.");
    await expect(page.locator("html")).toHaveClass("theme-g");
    await page.goto("/newsfeed");
    await expect(page.locator("html")).toHaveClass("theme-g");
  });

  test("changes the email address through the mailed link", async ({ page }) => {
    const address = `${account("settings").replaceAll("_", "-")}-new@example.test`;
    await signInAs(page, account("settings"), { to: "/profile/settings" });
    const email = section(page, "Email address");
    await email.getByLabel("New email address", { exact: true }).fill(address);
    await email.getByLabel("Current password", { exact: true }).fill(DEMO_PASSWORD);
    await email.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(toast(page)).toContainText(`We sent a confirmation link to ${address}.`);

    const mail = await openMail(page, address);
    await mail.getByRole("link", { name: /\/profile\/verifyemail\?token=/ }).click();
    await expect(page).toHaveURL("/profile/settings");
    await expect(toast(page)).toContainText(`Your email address is now ${address}.`);
    await expect(page.getByText(`Your email address is ${address}.`)).toBeVisible();
  });

  test("changes the password and signs in with the new one", async ({ page }) => {
    // Five password checks (PBKDF2, 100,000 rounds each): 17 s at a load of 20, past 30 s at 26.
    test.setTimeout(90_000);
    const newPassword = "a brand new e2e secret";
    await signInAs(page, account("password"));
    await openMenuItem(page, "Settings");
    const password = section(page, "Password");
    await password.getByLabel("Current password", { exact: true }).fill("not my password");
    await password.getByLabel("New password", { exact: true }).fill(newPassword);
    await password.getByLabel("Repeat the new password", { exact: true }).fill(newPassword);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(section(page, "Password").getByText("That is not your current password.")).toBeVisible();

    await section(page, "Password").getByLabel("Current password", { exact: true }).fill(DEMO_PASSWORD);
    await section(page, "Password").getByLabel("New password", { exact: true }).fill(newPassword);
    await section(page, "Password").getByLabel("Repeat the new password", { exact: true }).fill(newPassword);
    await section(page, "Password").getByRole("button", { name: "Change password" }).click();
    await expect(toast(page)).toContainText("Your password has been changed.");

    await openMenuItem(page, "Log Out");
    await expect(page).toHaveURL("/");
    await signInThroughForm(page, account("password"), newPassword);
    await expect(page).toHaveURL("/newsfeed");
  });

  test("deletes the account and lands on the home page signed out", async ({ page }) => {
    await signInAs(page, account("delete"), { to: "/profile/settings" });
    const danger = section(page, "Delete account");
    await danger.getByLabel("Your password", { exact: true }).fill("wrong password");
    await danger.getByRole("button", { name: "Delete my account" }).click();
    await expect(section(page, "Delete account").getByText("That is not your current password.")).toBeVisible();

    await section(page, "Delete account").getByLabel("Your password", { exact: true }).fill(DEMO_PASSWORD);
    await section(page, "Delete account").getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page)).toContainText("Your account has been deleted.");
    await expect(page.locator("header.header").getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/profile/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
});
