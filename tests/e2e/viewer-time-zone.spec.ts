import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./support";

/**
 * Every time in the viewer's zone, written once by the server (issue 21, decision 121): the
 * browser is in Los Angeles, the server in UTC. With JavaScript the first page tells the server
 * the browser's zone; without it the account's zone is chosen in settings.
 */
const ZONE = "America/Los_Angeles";
test.use({ timezoneId: ZONE });

const WIDTHS = [360, 1280] as const;

/** What the browser reports as broken: console errors (React's #418 among them) and exceptions. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function expectHydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules)),
    )
    .toBe(true);
}

/** "Nov 26, 2026, 10:45 AM" in Los Angeles: what Intl says, for the instant a <time> carries. */
const localFull = (iso: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE })
    .format(new Date(iso))
    .replace(/\u202f/g, " ");

/** The texts of every <time> the server wrote into a page's HTML. */
const serverTimes = (html: string) =>
  [...html.matchAll(/<time\b[^>]*>([^<]*)<\/time>/g)].map((match) => match[1]!.replace(/&#x27;/g, "'"));

async function commentNow(page: Page, text: string) {
  const post = page.locator("article.post-card").first();
  const postId = (await post.getAttribute("id"))?.slice("post-".length);
  await post.getByLabel("Write a comment").fill(text);
  // The comment's post answered (a fetcher with JavaScript, a form post without) before leaving.
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && response.status() < 400),
    post.getByRole("button", { name: "Comment", exact: true }).click(),
  ]);
  // The card shows only some comments: the post's own page shows them all.
  await page.goto(`/content/${postId}`);
  const comment = page.locator(".comment", { hasText: text }).first();
  await expect(comment).toBeVisible();
  return comment.locator("time").first();
}

for (const width of WIDTHS) {
  test(`a comment written now reads in the viewer's zone, the same before and after hydration (${width} px) @js-only`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const errors = watchErrors(page);
    // An account of this test's own (scripts/seed/e2e-fixtures.mjs): no other test's browser, in
    // another zone, has told the server its zone first; in no conversation, so no live message
    // (another test's) changes a time while this compares.
    await signIn(page, "e2e_zone_js");
    await page.goto("/newsfeed");
    await expectHydrated(page);
    // The first page tells the server the browser's zone (a cookie the account then keeps; the
    // other width's run may have stored it already): settings show it as the account's zone.
    await expect
      .poll(async () =>
        (await (await page.request.get("/profile/settings")).text()).includes(`value="${ZONE}" selected`),
      )
      .toBe(true);

    const unique = `Zone check ${width} ${Date.now()}`;
    const time = await commentNow(page, unique);
    await expect(time).toHaveText(/^(Just now|\d+ min)$/);
    const iso = await time.getAttribute("datetime");
    expect(Math.abs(Date.parse(iso!) - Date.now())).toBeLessThan(5 * 60_000);
    await expect(time).toHaveAttribute("title", localFull(iso!));

    // Each page, as the server sent it and once hydrated: the same times, and no error.
    for (const path of ["/newsfeed", "/chat", "/chat/@mrsteacher", "/messagesold", "/profile", "/profile/settings"]) {
      const response = await page.goto(path);
      const html = await response!.text();
      await expectHydrated(page);
      const hydrated = await page.locator("time").allTextContents();
      expect(hydrated, path).toEqual(serverTimes(html));
    }
    expect(errors).toEqual([]);
  });

  test(`without JavaScript, the zone chosen in settings writes every time (${width} px)`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the no-JavaScript path: settings, not the browser, tell the zone");
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, "morganpto");
    await page.goto("/profile/settings");
    await page.getByRole("combobox", { name: "Time zone" }).selectOption(ZONE);
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText(`Times are now shown in ${ZONE}.`)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(ZONE);

    await page.goto("/newsfeed");
    const unique = `Zone check no-JS ${width} ${Date.now()}`;
    const time = await commentNow(page, unique);
    await expect(time).toHaveText(/^(Just now|\d+ min)$/);
    const iso = await time.getAttribute("datetime");
    await expect(time).toHaveAttribute("title", localFull(iso!));
  });
}
