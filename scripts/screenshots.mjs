// Screenshots of the shell, its menus and the people pages at phone and desktop widths, for
// looking at a change by eye: `node scripts/screenshots.mjs <label>` against a running
// `node scripts/serve-e2e.mjs` (E2E_PORT). Files land in test-results/screens/<label>/.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium.mjs";

const label = process.argv[2] ?? "now";
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 8788}`;
const dir = `test-results/screens/${label}`;
mkdirSync(dir, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const guestPages = ["/", "/about", "/about/contact", "/login", "/login/register", "/nope"];
const userPages = ["/newsfeed", "/profile", "/profile/friends", "/profile/settings", "/users/1"];
const menus = [
  ["notifications", "details.notifications-menu > summary"],
  ["conversations", "details.conversations-menu > summary"],
  ["avatar", "details.avatar-menu > summary"],
];

for (const js of [true, false]) {
  for (const [w, h] of [
    [360, 740],
    [1280, 800],
  ]) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js });
    const page = await context.newPage();
    const shot = (name) => page.screenshot({ path: `${dir}/${w}-${js ? "js" : "nojs"}-${name}.png` });
    for (const path of guestPages) {
      await page.goto(origin + path);
      await shot(`guest${path.replaceAll("/", "_")}`);
    }
    await page.goto(`${origin}/login`);
    await page.getByLabel("Email or username").fill(`e2e_layout_a_${js ? "js" : "nojs"}`);
    await page.getByLabel("Password", { exact: true }).fill("schoolhub-demo");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/newsfeed/);
    for (const path of userPages) {
      await page.goto(origin + path);
      await shot(`user${path.replaceAll("/", "_")}`);
    }
    await page.goto(`${origin}/newsfeed`);
    for (const [name, selector] of menus) {
      await page.locator(selector).click();
      await shot(`menu-${name}`);
      await page.locator(selector).click();
    }
    await page.locator("label.sidebar-toggle-button, .sidebar-toggle-button").first().click();
    await shot("sidebar-open");
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${dir}`);
