/**
 * Layout test (phone first, decisions 038 and 072): every page below, at 360×740 and 1280×800, in
 * themes a, d and h, with JavaScript on and off (the two Playwright projects), and with each
 * header menu, the sidebar drawer and the page's own popups and dialogs open one after another:
 *   - nothing outside the viewport and no horizontal scroll,
 *   - no text drawn over a control,
 *   - every control's hit area at least 44×44 px at 360 px,
 *   - axe: no serious or critical violation, contrast included.
 *
 * A NEW PAGE JOINS BY ONE LINE IN `PAGES`: its path, who looks at it ("guest" or "user"), and
 * optionally `open`: the names of page states (see `STATES`) to check besides the page as it
 * loads. A new kind of popup or dialog is one entry in `STATES`. The header and the sidebar are
 * the same on every signed-in page, so their states are opened once each (/newsfeed, /profile).
 *
 * To stay fast on two workers (decision 072): the pages are cut into shards of about equal work,
 * each shard one test, and the shards run in parallel. A page is loaded once for all its states
 * where a state closes again (decision 086) and looked at in all three themes by switching the
 * theme class on <html>, which is all a theme is (SPEC §3; the footer's picker previews a theme
 * the same way), or, on a script-free guest page that carries only its own theme (decision
 * 090), by loading it again in that theme: axe in each theme, the geometry once, since a theme
 * only recolours (the test asserts that). The shard's own theme is the one the server rendered,
 * and the shards take turns, so each theme is also checked as served.
 * Screenshots of every state at 360 px in theme d, and of any state with a problem, land in
 * test-results/ (not committed).
 *
 * E2E_LANGUAGE=ar (or any code of app/lib/languages.ts) runs the whole suite in that language
 * (issue 24, decision 140): guests carry the `lng` cookie, the users save the language on their
 * account first, and every page must have <html lang dir> for it. The confirmations opened by an
 * English button name are left to the English run; menus, drawers and popups open in all.
 */
import type { Page } from "@playwright/test";
import { type AxeRunner, axeRunner, layoutProblems } from "./layout/checks";
import { PAGES, type PageEntry } from "./layout/pages";
import { expect, SETTLING, signIn, test, waitForHydration } from "./support";

const LANGUAGE = process.env.E2E_LANGUAGE ?? "en";
const DIRECTION = LANGUAGE === "ar" ? "rtl" : "ltr";
const NEEDS_ENGLISH = new Set<string>([
  "markAllReadDialog",
  "unfriendDialog",
  "removeMemberDialog",
  "deletePostDialog",
]);

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
  await stylesLoaded(page);
}

/** Opens a confirmation from the first button named `name` inside `within`. */
const confirmation = (name: string, within = "main") => ({
  open: async (page: Page) => {
    await page.locator(within).getByRole("button", { name, exact: true }).first().click();
    await questionShown(page);
  },
  scope: "dialog[open], main",
});

/**
 * A header menu: a <details> that its summary opens and closes again, with or without
 * JavaScript. Closing it hands the page on to the next state without loading it again.
 */
const menu = (details: string, scope = ".header") => ({
  open: (page: Page) => page.locator(`${details} > summary`).first().click(),
  close: async (page: Page) => {
    await page.locator(`${details} > summary`).first().click();
    await expect(page.locator(details).first()).not.toHaveAttribute("open", "");
  },
  scope,
});

/**
 * How to reach each state from the page as loaded, and what it opens (axe looks at that part
 * only: the page itself was checked as loaded). Without JavaScript a dialog is a page.
 */
const STATES = {
  notifications: menu("details.notifications-menu"),
  conversations: menu("details.conversations-menu"),
  avatarMenu: menu("details.avatar-menu"),
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
  unfriendDialog: confirmation("Unfriend"),
  removeMemberDialog: confirmation("Remove"),
  deletePostDialog: {
    open: async (page: Page) => {
      await page.locator("main details.item-menu > summary").first().click();
      await confirmation("Delete", "main details.item-menu[open]").open(page);
    },
    scope: "dialog[open], main",
  },
  // A post's or a comment's menu (decision 124): edit, pin, report and delete.
  postMenu: menu("main details.item-menu", "main"),
  commentMenu: menu("main .comment details.item-menu", "main"),
  reportForm: {
    open: async (page: Page) => {
      await page.locator("main .comment details.item-menu > summary").first().click();
      await page.locator("main .comment details.item-menu[open] a[aria-expanded]").first().click();
      // Without JavaScript the link opens the post's page with the form open: a new page.
      await page.locator("main .inline-text-form textarea").first().waitFor();
      await stylesLoaded(page);
    },
    scope: "main",
  },
  // The one-line composer, opened (decision 124).
  composer: {
    open: (page: Page) => page.locator("main details.composer-details > summary").click(),
    scope: "main",
  },
  // The phone's tab bar (decision 123): Messages' sheet, and More opening the drawer.
  messagesTab: {
    ...menu(".tab-bar details.tab-menu", ".tab-bar"),
    // The bar is a phone's: the check ends at desktop width, where it is not shown.
    close: async (page: Page) => {
      await page.setViewportSize(PHONE);
      await menu(".tab-bar details.tab-menu").close(page);
    },
  },
  moreDrawer: { open: (page: Page) => page.locator(".tab-bar label.tab-more").click(), scope: ".sidebar" },
} satisfies Record<string, State>;
type State = { open: (page: Page) => Promise<unknown>; close?: (page: Page) => Promise<void>; scope: string };
type StateName = keyof typeof STATES;

const THEMES = ["a", "d", "h"] as const;
type Theme = (typeof THEMES)[number];
// Phone first: each state is opened at 360 px, checked in every theme, then the window widens
// and it is checked again (the same open state, laid out for a desktop).
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Pages in order, cut into shards of about `SHARD_WORK` loads each (a page and each state it
 * opens is one load), guests and signed-in users apart, the work spread evenly over the
 * shards. A load costs 2–4 s with its three themes and axe on a busy machine; small shards let
 * two workers share the spec evenly.
 */
const SHARD_WORK = 5;
const cost = (entry: PageEntry) => 1 + (entry.open?.length ?? 0);
function shards(entries: PageEntry[]) {
  const result: PageEntry[][] = [];
  for (const as of ["guest", "user"] as const) {
    const mine = entries.filter((entry) => entry.as === as);
    const total = mine.reduce((sum, entry) => sum + cost(entry), 0);
    const target = total / Math.ceil(total / SHARD_WORK);
    let shard: PageEntry[] = [];
    let work = 0;
    for (const entry of mine) {
      shard.push(entry);
      work += cost(entry);
      if (work >= target - 0.5) {
        result.push(shard);
        shard = [];
        work = 0;
      }
    }
    if (shard.length > 0) result.push(shard);
  }
  return result;
}

/** Stylesheets (the root's and the route's) have loaded: what the layout is measured against. */
async function stylesLoaded(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet !== null),
        ),
      { intervals: SETTLING },
    )
    .toBe(true);
}

/**
 * Shows the page in `theme`: the class the server puts on <html> (root.tsx). A script-free guest
 * page carries only its own theme's colours inline (decision 090): it is loaded again in `theme`.
 */
async function showTheme(page: Page, theme: Theme) {
  const shows = await page.evaluate(
    (name) => ({
      already: document.documentElement.className === name,
      inline: document.querySelector("head > style") !== null,
    }),
    `theme-${theme}`,
  );
  // Shown already (the page as served, or the last theme looked at): a reload would show it again.
  if (shows.already) return;
  if (shows.inline) {
    const value = btoa(JSON.stringify(`theme-${theme}`));
    await page.context().addCookies([{ name: "theme", value, url: page.url() }]);
    await page.reload({ waitUntil: "domcontentloaded" });
    return;
  }
  await page.evaluate((name) => {
    document.documentElement.className = name;
  }, `theme-${theme}`);
}

/** In the page: every finite animation and transition has finished (an endless spinner is not waited for). */
async function settled() {
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  // A paused one never finishes: two seconds at most, which no transition here comes near.
  const cap = new Promise((resolve) => setTimeout(resolve, 2_000));
  await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))), cap]);
}

/**
 * In the page: the declarations of every rule that names a theme and could move something.
 * A theme is meant to set colours only (custom properties holding colours, and color-scheme;
 * SPEC §3, app.css), which is what lets one measurement of the layout stand for all three
 * themes (decision 086). Anything else is returned, and fails the test.
 */
function themeRules() {
  const found: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if ("cssRules" in rule && (rule as CSSGroupingRule).cssRules) visit((rule as CSSGroupingRule).cssRules);
      if (!(rule instanceof CSSStyleRule) || !/\.theme-[a-h]\b/.test(rule.selectorText)) continue;
      for (const property of rule.style) {
        const value = rule.style.getPropertyValue(property).trim();
        // Lightning CSS writes `color-scheme: dark` with two switches of its light-dark() fallback.
        const switches = property.startsWith("--lightningcss-") && ["", "initial"].includes(value);
        const colour = (property.startsWith("--") && CSS.supports("color", value)) || switches;
        if (!colour && property !== "color-scheme") found.push(`${rule.selectorText} { ${property}: ${value} }`);
      }
    }
  };
  for (const sheet of document.styleSheets) visit(sheet.cssRules);
  return found;
}

test.describe.configure({ mode: "parallel" });

shards(PAGES).forEach((shard, index) => {
  // The theme the server renders for this shard; the other two are switched to.
  const served = THEMES[index % THEMES.length]!;
  const themes = [served, ...THEMES.filter((theme) => theme !== served)];
  const title = `pages fit, read and can be tapped: ${shard[0]!.as} ${shard.map((e) => e.path).join(" ")}`;

  test(title, async ({ page, browser, javaScriptEnabled }, info) => {
    // Measured 50–190 s per shard on 2 cores at a load average of 20; less on a quiet machine.
    test.setTimeout(300_000);
    const project = javaScriptEnabled ? "js" : "nojs";
    const problems: string[] = [];
    const axe: AxeRunner = axeRunner(page, browser, javaScriptEnabled);

    /**
     * Loads a page at phone width and waits for the real page, not just any answer: the status
     * the page is meant to have, at its own address (not the sign-in page), its stylesheets,
     * and with JavaScript the router hydrated and idle. A cold server once had the chat shard
     * measured while the page was still settling: no description and a thread 448 px wide.
     */
    const load = async (entry: PageEntry) => {
      await page.setViewportSize(PHONE);
      const response = await page.goto(entry.path, { waitUntil: "domcontentloaded" });
      expect(response?.status(), entry.path).toBe(entry.path === "/no-such-page" ? 404 : 200);
      if (entry.as === "user") expect(new URL(page.url()).pathname, entry.path).not.toBe("/login");
      await stylesLoaded(page);
      await waitForHydration(page, javaScriptEnabled, entry.path);
      const head = () =>
        page.evaluate(() => ({
          theme: document.documentElement.className,
          title: document.title.trim(),
          descriptions: [...document.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map(
            (m) => m.content,
          ),
        }));
      const complete = (found: Awaited<ReturnType<typeof head>>) =>
        Boolean(found.title) && found.descriptions.length === 1 && Boolean(found.descriptions[0]?.trim());
      // The head as it settles: a page that never gets its title or one description is reported.
      let found = await head();
      await expect
        .poll(
          async () => {
            found = await head();
            return complete(found);
          },
          { timeout: 5_000, intervals: SETTLING },
        )
        .toBe(true)
        .catch(() => {});
      // The server rendered the shard's theme: the other two are switched to from there.
      expect(found.theme).toBe(`theme-${served}`);
      // Every page is named, and says what it is in one description (docs/decisions/073-meta-descriptions.md).
      if (!found.title) problems.push(`${entry.path}: empty <title>`);
      if (found.descriptions.length !== 1 || !found.descriptions[0]?.trim()) {
        problems.push(`${entry.path}: meta descriptions ${JSON.stringify(found.descriptions)}`);
      }
    };

    const check = async (label: string, scope: string | undefined, withAxe: boolean) => {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        // Transitions (the drawer's) finish before measuring.
        await page.evaluate(settled);
        // Themes only recolour (asserted once per test below), so the layout is measured once,
        // in the served theme, and stands for all three.
        const layout = await layoutProblems(page);
        problems.push(...layout.map((problem) => `${viewport.width}px every theme ${label}: ${problem}`));
        // A theme is visited for what is done in it: axe, theme d's screenshot, or the
        // screenshots of a state with a problem. Without axe (no JavaScript, not a dialog) the
        // others would be switched to, on a script-free guest page reloaded, for nothing.
        const visited = themes.filter((theme) => withAxe || theme === "d" || layout.length > 0);
        for (const theme of viewport === PHONE ? visited : []) {
          await showTheme(page, theme);
          // The markup is the same at both widths and in every theme: axe once at the phone's
          // width, all of it in the served theme, the colour rules in the other two.
          const found = withAxe ? await axe.problems(theme, scope, theme !== served) : [];
          problems.push(...found.map((problem) => `${viewport.width}px theme ${theme} ${label}: ${problem}`));
          if (theme === "d" || found.length > 0 || layout.length > 0) {
            await page.screenshot({ path: info.outputPath(`${theme}-360-${label.replace(/\W+/g, "_")}.png`) });
          }
        }
        await showTheme(page, served);
      }
    };

    try {
      if (shard[0]!.as === "guest") {
        // Guests get the theme from its cookie (React Router's cookie encoding: base64 JSON).
        await page
          .context()
          .addCookies([
            { name: "theme", value: btoa(JSON.stringify(`theme-${served}`)), url: info.project.use.baseURL ?? "" },
          ]);
      } else {
        await signIn(page, `e2e_layout_${served}_${project}`);
        if (LANGUAGE !== "en") {
          const saved = await page.request.post("/profile/settings", {
            form: { intent: "language", language: LANGUAGE },
            maxRedirects: 0,
          });
          expect(saved.status(), "saving the language").toBeLessThan(400);
        }
      }
      if (LANGUAGE !== "en" && shard[0]!.as === "guest") {
        const value = btoa(JSON.stringify(LANGUAGE));
        await page.context().addCookies([{ name: "lng", value, url: info.project.use.baseURL ?? "" }]);
      }
      for (const [position, entry] of shard.entries()) {
        await load(entry);
        const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
        if (html.join() !== `${LANGUAGE},${DIRECTION}`) problems.push(`${entry.path}: <html lang dir> ${html}`);
        if (position === 0)
          expect(await page.evaluate(themeRules), "theme rules that do more than recolour").toEqual([]);
        // The server renders the same markup with JavaScript on and off; scripts add
        // behaviour. So without JavaScript axe looks only at what differs: a dialog, which
        // is a page of its own there. (axe costs seconds per run on a busy machine.)
        await check(`${entry.as} ${entry.path}`, undefined, javaScriptEnabled);
        // The page as loaded and measured serves the first state, and a state that closes
        // again (a header menu) hands it on to the next; after any other, it is loaded afresh.
        let asLoaded = true;
        for (const name of (entry.open ?? []).filter((n) => LANGUAGE === "en" || !NEEDS_ENGLISH.has(n))) {
          const state: State = STATES[name as StateName];
          if (asLoaded) await page.setViewportSize(PHONE);
          else await load(entry);
          await state.open(page);
          await check(`${entry.as} ${entry.path} [${name}]`, state.scope, javaScriptEnabled || /Dialog$/.test(name));
          asLoaded = Boolean(state.close);
          await state.close?.(page);
        }
      }
    } finally {
      await axe.close();
    }
    const found = [...new Set(problems)];
    expect(found, found.join("\n")).toEqual([]);
  });
});
