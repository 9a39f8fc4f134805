/**
 * Layout test (phone first, decision 038): every page below, at 360×740 and 1280×800, in
 * themes a, d and h, with JavaScript on and off (the two Playwright projects), and with each
 * header menu, the sidebar drawer and the page's own popups and dialogs open one after another:
 *   - nothing outside the viewport and no horizontal scroll,
 *   - no text drawn over a control,
 *   - every control's hit area at least 44×44 px at 360 px,
 *   - axe: no serious or critical violation, contrast included.
 *
 * A NEW PAGE JOINS BY ONE LINE IN `PAGES`: its path, who looks at it ("guest" or "user"), and
 * optionally `open`: the names of page states (see `STATES`) to check besides the page as it
 * loads. A new kind of popup or dialog is one entry in `STATES`. The header's menus are the
 * same on every signed-in page, so they are opened on the first signed-in page (`HEADER`).
 * Screenshots of every state at 360 px land in test-results/ (not committed).
 */
import type { Page } from "@playwright/test";
import { axeProblems, layoutProblems } from "./layout/checks";
import { DEMO_PASSWORD, expect, test } from "./support";

type PageEntry = { path: string; as: "guest" | "user"; open?: StateName[] };

export const PAGES: PageEntry[] = [
  { path: "/", as: "guest" },
  { path: "/about", as: "guest" },
  { path: "/about/aup", as: "guest" },
  { path: "/about/privacy", as: "guest" },
  { path: "/about/terms", as: "guest" },
  { path: "/about/contact", as: "guest" },
  { path: "/login", as: "guest" },
  { path: "/login/register", as: "guest" },
  { path: "/login/registeremail", as: "guest" },
  { path: "/login/resetpassword", as: "guest" },
  { path: "/no-such-page", as: "guest" },
  { path: "/newsfeed", as: "user" },
  { path: "/profile", as: "user" },
  { path: "/profile/friends", as: "user", open: ["avatarPopup", "unfriendDialog"] },
  { path: "/profile/settings", as: "user" },
  { path: "/users/1", as: "user", open: ["unfriendDialog"] },
  { path: "/about", as: "user" },
];

/**
 * With JavaScript a question opens in a dialog; without it, it is a page of its own, reached by
 * a form post. Measure only once it is there and its styles have loaded.
 */
async function questionShown(page: Page) {
  await page
    .getByText(/^Are you sure/)
    .filter({ visible: true })
    .first()
    .waitFor();
  await page.waitForLoadState("load");
}

/**
 * How to reach each state from the page as loaded, and what it opens (axe looks at that part
 * only: the page itself was checked as loaded). Without JavaScript a dialog is a page.
 */
const STATES = {
  notifications: {
    open: (page: Page) => page.locator("details.notifications-menu > summary").click(),
    scope: ".header",
  },
  conversations: {
    open: (page: Page) => page.locator("details.conversations-menu > summary").click(),
    scope: ".header",
  },
  avatarMenu: { open: (page: Page) => page.locator("details.avatar-menu > summary").click(), scope: ".header" },
  sidebar: { open: (page: Page) => page.locator("label.sidebar-toggle-button").click(), scope: ".sidebar" },
  markAllReadDialog: {
    open: async (page: Page) => {
      await page.locator("details.notifications-menu > summary").click();
      await page.getByRole("button", { name: "Mark All Read" }).click();
      await questionShown(page);
    },
    scope: "dialog[open], main",
  },
  avatarPopup: {
    open: (page: Page) => page.locator("main details.avatar-popup > summary").first().click(),
    scope: "main",
  },
  unfriendDialog: {
    open: async (page: Page) => {
      await page.getByRole("button", { name: "Unfriend" }).first().click();
      await questionShown(page);
    },
    scope: "dialog[open], main",
  },
} satisfies Record<string, { open: (page: Page) => Promise<unknown>; scope: string }>;
type StateName = keyof typeof STATES;

const HEADER: StateName[] = ["notifications", "conversations", "avatarMenu", "sidebar", "markAllReadDialog"];
const THEMES = ["a", "d", "h"] as const;
// Phone first: each state is opened at 360 px, checked, then the window widens and it is
// checked again (the same open state, laid out for a desktop).
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

for (const theme of THEMES) {
  test(`pages fit, read and can be tapped in theme ${theme}`, async ({ page, browser, javaScriptEnabled }, info) => {
    // Measured 1.4–3 min per test on 2 cores at a load average of 20–40; less on a quiet machine.
    test.setTimeout(300_000);
    const project = javaScriptEnabled ? "js" : "nojs";
    const problems: string[] = [];
    // Guests get the theme from its cookie (React Router's cookie encoding: base64 JSON).
    await page
      .context()
      .addCookies([
        { name: "theme", value: btoa(JSON.stringify(`theme-${theme}`)), url: info.project.use.baseURL ?? "" },
      ]);

    /** Loads a page at phone width; signed-in pages wait for hydration with JavaScript. */
    const load = async (entry: PageEntry) => {
      await page.setViewportSize(PHONE);
      await page.goto(entry.path);
      if (javaScriptEnabled && entry.as === "user") {
        await expect
          .poll(() => page.evaluate(() => "__reactRouterRouteModules" in window && document.readyState === "complete"))
          .toBe(true);
      }
    };
    const check = async (label: string, scope: string | undefined, axe: boolean) => {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        // The drawer's transition finishes before measuring.
        if (label.includes("[sidebar]")) await page.waitForTimeout(200);
        const found = await layoutProblems(page);
        // The markup is the same at both widths: axe once, at the phone's.
        if (axe && viewport === PHONE) found.push(...(await axeProblems(page, browser, javaScriptEnabled, scope)));
        problems.push(...found.map((problem) => `${viewport.width}px ${label}: ${problem}`));
        if (viewport === PHONE && (theme === "d" || found.length > 0)) {
          await page.screenshot({ path: info.outputPath(`${theme}-360-${label.replace(/\W+/g, "_")}.png`) });
        }
      }
    };

    for (const as of ["guest", "user"] as const) {
      if (as === "user") await signIn(page, `e2e_layout_${theme}_${project}`);
      let header = HEADER;
      for (const entry of PAGES.filter((p) => p.as === as)) {
        const states = [...(as === "user" ? header : []), ...(entry.open ?? [])];
        if (as === "user") header = [];
        await load(entry);
        // The server renders the same markup with JavaScript on and off; scripts add
        // behaviour. So without JavaScript axe looks only at what differs: a dialog, which
        // is a page of its own there. (axe costs seconds per run on a busy machine.)
        await check(`${as} ${entry.path}`, undefined, javaScriptEnabled);
        for (const state of states) {
          await load(entry);
          await STATES[state].open(page);
          await check(
            `${as} ${entry.path} [${state}]`,
            STATES[state].scope,
            javaScriptEnabled || /Dialog$/.test(state),
          );
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

async function signIn(page: Page, username: string) {
  await page.goto("/login");
  await page.getByLabel("Email or username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/newsfeed");
}
