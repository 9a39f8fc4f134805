import type { Page, TestInfo } from "@playwright/test";
import { expect, openMail, test } from "./support";

/** A new person per test and project: both projects share one database. */
function newPerson(testInfo: TestInfo, label: string) {
  const id = `${Date.now().toString(36)}${testInfo.project.name.replace(/\W/g, "")}${testInfo.retry}`;
  return {
    name: `E2E ${label} ${testInfo.project.name}`,
    email: `e2e-${label}-${id}@example.test`,
    username: `e2e_${label}_${id}`.slice(0, 30),
    password: "a long passphrase 7",
  };
}

type Person = ReturnType<typeof newPerson>;

async function register(page: Page, person: Person) {
  await page.goto("/login/register");
  await page.getByRole("link", { name: "Register with email" }).click();
  await expect(page).toHaveURL("/login/registeremail");
  await page.getByLabel("Name", { exact: true }).fill(person.name);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await page.getByRole("checkbox", { name: /I accept the Terms of Service and the Acceptable Use Policy/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We sent an activation link to ${person.email}.`)).toBeVisible();
}

/** Opens the newest mail with this subject to this address in the dev outbox and follows its link. */
async function followMailedLink(page: Page, to: string, subject: string, path: string) {
  const mail = await openMail(page, to, subject);
  await mail.getByRole("link", { name: new RegExp(`${path.replace("/", "\\/")}\\?token=`) }).click();
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/newsfeed");
  await expect(page.getByLabel("Account menu")).toBeVisible();
}

async function registerAndActivate(page: Page, person: Person) {
  await register(page, person);
  await followMailedLink(page, person.email, "Activate your SchoolHub account", "/login/activate");
  await expect(page.getByRole("heading", { name: "Your account is active" })).toBeVisible();
}

test.describe("registration and recovery", () => {
  // Mail requests are limited per client address (5 in 15 minutes). Every test is a client of
  // its own, so the suites sharing this server never use up each other's allowance.
  test.beforeEach(async ({ page }, testInfo) => {
    const client = `198.18.${testInfo.project.name === "js" ? 1 : 2}.${(Date.now() % 250) + 1}`;
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": client });
  });

  test("register, activate from the mail, sign in, see the signed-in header, log out", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "reg");
    await register(page, person);

    // Not activated yet: sign-in is refused and says why.
    await page.goto("/login");
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Your account is not activated yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send the activation email again" })).toBeVisible();

    await followMailedLink(page, person.email, "Activate your SchoolHub account", "/login/activate");
    await expect(page.getByRole("heading", { name: "Your account is active" })).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/login");
    await signIn(page, person.username, person.password);

    await page.getByLabel("Account menu").click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("header.header").getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Account menu")).toHaveCount(0);
  });

  test("the activation link works once", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "once");
    await registerAndActivate(page, person);
    await followMailedLink(page, person.email, "Activate your SchoolHub account", "/login/activate");
    await expect(page.getByText("This activation link has already been used.")).toBeVisible();
    // The page offers a new mail; the answer never says whether the account exists.
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByRole("button", { name: "Send activation email" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(`If an account for ${person.email} is waiting for activation`)).toBeVisible();
  });

  test("reset the password from the mailed link, then sign in with the new one", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "reset");
    const newPassword = "a fresh new secret 8";
    await registerAndActivate(page, person);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/login/resetpassword");
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(`If an account exists for ${person.email}, we sent a link`)).toBeVisible();

    await followMailedLink(page, person.email, "Reset your SchoolHub password", "/login/resetpassword");
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();

    await expect(page).toHaveURL("/login");
    await expect(page.getByText("Your password has been changed")).toBeVisible();
    await signIn(page, person.email, newPassword);
  });

  test("registration errors show at the fields and keep what was typed", async ({ page }, testInfo) => {
    const person = newPerson(testInfo, "err");
    await page.goto("/login/registeremail");
    await page.getByLabel("Name", { exact: true }).fill(person.name);
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await page.getByLabel("Username").fill("12345");
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Confirm password").fill("something else");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("A username cannot be only digits.")).toBeVisible();
    await expect(page.getByText("The two passwords do not match.")).toBeVisible();
    await expect(
      page.getByText("Accept the Terms of Service and the Acceptable Use Policy to register."),
    ).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(person.name);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });
});
