import { type Browser, type BrowserContext, test as base, expect, type Page, type TestInfo } from "@playwright/test";

export { expect };

/**
 * Every spec imports `test` from here: it fails any test during which the browser reported a
 * Content-Security-Policy violation (docs/decisions/031-request-hardening.md, "Security
 * headers"). Chromium reports them on the console, with or without JavaScript. The test's own
 * context is watched, and so is every context `signedInPage` opens for a second person.
 */
const cspViolations = new WeakMap<TestInfo, string[]>();

function watchCsp(context: BrowserContext, violations: string[]) {
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}

export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      cspViolations.set(testInfo, violations);
      watchCsp(context, violations);
      await use(undefined);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO_PASSWORD = "schoolhub-demo";

/** The header's sign of a signed-in user. */
const accountMenu = (page: Page) =>
  page.getByRole("button", { name: "Account menu" }).or(page.getByLabel("Account menu"));

/**
 * Signs in through the real form, as a person would (works with and without JavaScript). Only
 * for tests of signing in itself: every other test starts signed in with `signInAs`.
 */
export async function signInThroughForm(page: Page, identifier: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // A password check (PBKDF2) and the first signed-in page: on a busy 2-core CI machine that
  // alone took more than the default 7 s.
  await expect(accountMenu(page)).toBeVisible({ timeout: 15_000 });
}

/**
 * Signs the page's browser context in without loading a page (decision 086): the sign-in form's
 * own post, sent from the context's cookie jar, so the session cookie lands where the page will
 * use it. A fresh sign-in per context, never a shared storageState: refresh tokens rotate, and
 * a rotated token replayed by a second context after the 10 s grace revokes the whole family
 * (decision 012), which a suite longer than the access token's 300 s would hit.
 */
export async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  const response = await page.request.post("/login/signin", {
    form: { identifier, password },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${identifier}`).toBe(302);
  expect(response.headers().location, `signing in as ${identifier}`).toBe("/newsfeed");
}

/**
 * Starts a test signed in as `identifier` on the page `to` (the newsfeed, where the form would
 * have led, unless told otherwise), and checks the header shows the signed-in user.
 */
export async function signInAs(page: Page, identifier: string, options: { to?: string; password?: string } = {}) {
  await signIn(page, identifier, options.password);
  await page.goto(options.to ?? "/newsfeed");
  await expect(accountMenu(page)).toBeVisible({ timeout: 15_000 });
}

/**
 * A second person in a browser context of their own (new contexts do not inherit the project's
 * options), at the project's viewport unless told: a test that works at a phone's width opens
 * the first page at it, not a page at the desktop's only to resize and leave it (decision 214).
 */
export async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  identifier: string,
  to = "/newsfeed",
  { viewport = testInfo.project.use.viewport }: { viewport?: { width: number; height: number } | null } = {},
) {
  const { baseURL, javaScriptEnabled } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport });
  // The guard fixture's list: a violation in this person's pages fails the test as well.
  const violations = cspViolations.get(testInfo);
  if (!violations) throw new Error("signedInPage needs the test fixture of support.ts");
  watchCsp(context, violations);
  const page = await context.newPage();
  await signInAs(page, identifier, { to });
  return page;
}

/** Answers a confirmation: the dialog with JavaScript, the confirmation page without (DESIGN §1). */
export async function confirm(page: Page, question: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: question });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Yes" }).click();
  } else {
    await expect(page.getByRole("main").getByText(question)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Yes" }).click();
  }
}

/** How soon the mail page is loaded again after a miss: a queued mail arrives within a few hundred ms. */
const MAIL_INTERVALS = [100, 250, 500];

/**
 * The newest mail to `to` (with `subject`, if given) on the dev outbox page, once it has
 * arrived: mail leaves after the response (`waitUntil`, decision 069), so the page is loaded
 * again until it shows, for at most 15 s. Every spec reads mail through this; it asks for the
 * mail to `to` only (`?to=`), a page of a few mails instead of the suite's 50 newest.
 */
export async function openMail(page: Page, to: string, subject?: string) {
  const mail = () => {
    const mails = page.getByRole("article").filter({ hasText: to });
    return (subject ? mails.filter({ hasText: subject }) : mails).first();
  };
  await expect(async () => {
    await page.goto(`/__dev/mail?to=${encodeURIComponent(to)}`);
    // The page as loaded: a mail not in it will not appear until it is loaded again, so a miss is
    // told at once, not waited on (a second a miss, decision 214).
    expect(await mail().isVisible(), `a mail to ${to}${subject ? ` (${subject})` : ""}`).toBe(true);
  }).toPass({ timeout: 15_000, intervals: MAIL_INTERVALS });
  return mail();
}

/**
 * In the page: loaded as it will stay. Without JavaScript, parsed; with it, React Router's
 * router created, initialised and idle, and React's props on <main> (hydration reached it).
 */
function hydrated(javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return document.readyState !== "loading";
  if (!document.querySelector('script[type="module"]')) return document.readyState !== "loading";
  type Router = { state: { initialized: boolean; navigation: { state: string } } };
  const router = (window as { __reactRouterDataRouter?: Router }).__reactRouterDataRouter;
  const main = document.querySelector("main");
  return (
    document.readyState === "complete" &&
    router?.state.initialized === true &&
    router.state.navigation.state === "idle" &&
    (!main || Object.keys(main).some((key) => key.startsWith("__reactProps$")))
  );
}

/**
 * Waits until the page is as it will stay: hydrated with JavaScript, parsed without. A test that
 * changes the DOM or expects a script's focus handling waits for it first: hydration resets what
 * React renders (an input's type) and a control used before it gets the browser's behaviour.
 */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean, what = page.url()) {
  await expect
    .poll(() => page.evaluate(hydrated, javaScriptEnabled), { message: `${what} hydrated`, intervals: SETTLING })
    .toBe(true);
}

/**
 * How often a test asks the page whether it has settled: every 50 ms. expect.poll's default
 * waits 100, 250, 500, then 1000 ms between asks, so a page that hydrated 0.4 s after it loaded
 * was seen 0.85 s after (decision 206). One ask is one evaluate in the page: cheap.
 */
export const SETTLING = [50];
