import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, SETTLING, signedInPage, signIn, signInAs, test } from "./support";

/**
 * The installable app (issue 23 items 1–3 and the service worker's push, decisions 130–132):
 * the manifest and the worker, pages read offline with their banner, messages typed offline sent
 * once, nothing kept after signing out or for the next person, and a push that opens its page.
 * The browser is in Los Angeles, the server in UTC: the banner's time is the viewer's.
 */
const ZONE = "America/Los_Angeles";
test.use({ timezoneId: ZONE });

function person(testInfo: TestInfo, who: "a" | "b" | "c" | "d") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return { email: `e2e-pwa-${who}-${project}@demo.schoolhub.test`, username: `e2e_pwa_${who}_${project}` };
}

/**
 * Waits until the service worker is active and controls the page. A page whose load began before
 * the worker activated stays uncontrolled (claim() takes only pages already there): it is reloaded.
 */
async function controlled(page: Page) {
  // Registered after hydration, installed once the offline page is fetched: slow on a busy machine.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "none"), {
      timeout: 30_000,
      intervals: SETTLING,
    })
    .toBe("activated");
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { intervals: SETTLING })
    .toBe(true);
}

/** The paths of the pages the device keeps for offline reading, whoever they belong to. */
function keptPages(page: Page) {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });
}

/** Opens `path` under the worker's control, so the device keeps it (the first load registers the worker). */
async function visitKept(page: Page, path: string) {
  await page.goto(path);
  await controlled(page);
  await page.reload();
  await expect.poll(() => keptPages(page), { timeout: 15_000, intervals: SETTLING }).toContain(path);
}

const timeInZone = (at: number) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: ZONE }).format(at);

test.describe("the installable app", () => {
  test("signed-in pages link the manifest; guest pages ship no script and no manifest", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    await page.goto("/about");
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

    await signInAs(page, person(testInfo, "a").email);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#2457c5");
    const response = await page.request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "SchoolHub",
      short_name: "SchoolHub",
      display: "standalone",
      start_url: "/newsfeed",
      scope: "/",
      theme_color: "#2457c5",
      background_color: "#f5f7fb",
    });
    for (const size of ["192x192", "512x512"]) {
      const icon = manifest.icons.find((one: { sizes: string; purpose: string }) => one.sizes === size);
      const file = await page.request.get(icon.src);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
    }
    expect(manifest.icons.some((one: { purpose: string }) => one.purpose === "maskable")).toBe(true);
    // The worker's script runs (not the sandboxed policy of other static files) and is checked each load.
    const script = await page.request.get("/sw.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toContain("javascript");
    expect(script.headers()["content-security-policy"]).toBe("default-src 'self'; frame-ancestors 'none'");
    expect(script.headers()["cache-control"]).toBe("no-cache");
    if (!javaScriptEnabled) return;

    // The worker is registered by the signed-in page and activates; Chromium finds nothing that
    // keeps the app from being installed but the test's own private browser context.
    await controlled(page);
    const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    expect(state).toBe("activated");
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(
        async () =>
          (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors
            .map((error) => error.errorId)
            .filter((id) => id !== "in-incognito"),
        { timeout: 15_000, intervals: SETTLING },
      )
      .toEqual([]);
    const { url } = await cdp.send("Page.getAppManifest");
    expect(url).toMatch(/\/manifest\.webmanifest$/);
  });

  test("a page seen online opens offline with its banner; others show the offline page @js-only", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    await signInAs(page, person(testInfo, "a").email);
    const before = Date.now();
    await visitKept(page, "/newsfeed");
    await visitKept(page, "/calendar");
    const seenAt = [timeInZone(before), timeInZone(Date.now())];

    await context.setOffline(true);
    await page.goto("/newsfeed");
    const banner = page.getByRole("status").filter({ hasText: "You are offline" });
    await expect(banner).toBeVisible();
    const text = await banner.textContent();
    expect(seenAt.map((time) => `You are offline — showing what you saw at ${time}`)).toContain(text);
    await expect(page.getByRole("heading", { name: "Newsfeed", level: 1 })).toBeVisible();

    // A link is followed offline too: the calendar as it was.
    await page.getByRole("link", { name: "Calendar" }).first().click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

    // A page the device does not hold: the offline page, not the browser's error.
    await page.goto("/profile/settings");
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the newsfeed" })).toBeVisible();

    // Back online, the banner is gone: the page is the server's again.
    await context.setOffline(false);
    await page.goto("/newsfeed");
    await expect(page.getByRole("heading", { name: "Newsfeed", level: 1 })).toBeVisible();
    await expect(page.locator("[data-offline-banner]")).toBeHidden();
  });

  test("a chat message typed offline is delivered once after reconnecting @js-only", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const a = person(testInfo, "a");
    const b = person(testInfo, "b");
    // B's socket: every frame it receives is counted.
    const pageB = await signedInPage(browser, testInfo, b.email, "/chat");
    const text = `Typed on the bus ${Date.now()}`;
    const framesWithText: string[] = [];
    pageB.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes(text)) framesWithText.push(String(payload));
      }),
    );
    await pageB.reload();
    await expect(pageB.locator("html")).toHaveAttribute("data-realtime", "open");

    // A opens the chat with B; the first message starts it (a plain form post), then its page is kept.
    await signInAs(page, a.email, { to: `/chat/@${b.username}` });
    await controlled(page);
    await page.getByLabel("Message", { exact: true }).fill("Hello from the PWA test");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("list", { name: "Messages" })).toContainText("Hello from the PWA test");
    const chatPath = new URL(page.url()).pathname;
    await page.reload();
    await expect.poll(() => keptPages(page), { timeout: 15_000, intervals: SETTLING }).toContain(chatPath);
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");

    await context.setOffline(true);
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const list = page.getByRole("list", { name: "Messages" });
    const waiting = list.locator('[data-pending="waiting"]');
    await expect(waiting).toContainText(text);
    await expect(waiting).toContainText("Waiting to send");

    // Still there after a reload offline: kept on the device, shown from the kept page.
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Messages" }).locator('[data-pending="waiting"]')).toContainText(text);
    expect(framesWithText).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole("list", { name: "Messages" }).locator('[data-pending="waiting"]')).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Messages" })).toContainText(text);
    // Exactly once: one frame to B, one message on the server.
    await expect.poll(() => framesWithText.length, { intervals: SETTLING }).toBe(1);
    await page.waitForTimeout(1_500);
    expect(framesWithText).toHaveLength(1);
    await pageB.goto(`/chat/@${a.username}`);
    await expect(pageB.getByRole("list", { name: "Messages" }).getByText(text)).toHaveCount(1);
    await pageB.context().close();
  });

  test("signing out, or another person signing in, leaves no offline copy @js-only", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(60_000);
    await signInAs(page, person(testInfo, "a").email);
    await visitKept(page, "/newsfeed");
    await visitKept(page, "/calendar");

    // Another person signs in on the same device: the first one's pages go.
    await signIn(page, person(testInfo, "c").email);
    await page.goto("/newsfeed");
    await expect.poll(() => keptPages(page), { timeout: 15_000, intervals: SETTLING }).toEqual(["/newsfeed"]);
    await context.setOffline(true);
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
    await context.setOffline(false);

    // Signing out deletes what the device kept, the outbox included.
    await page.goto("/login/logout");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect.poll(() => keptPages(page), { timeout: 15_000, intervals: SETTLING }).toEqual([]);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((one) => one.name));
    expect(databases).not.toContain("schoolhub-outbox");
    await context.setOffline(true);
    await page.goto("/newsfeed");
    await expect(page.getByRole("heading", { name: "You are offline", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toHaveCount(0);
  });

  test("a page on its way while its person signs out is not kept @js-only", async ({ page, context }, testInfo) => {
    test.setTimeout(60_000);
    await signInAs(page, person(testInfo, "d").email);
    await visitKept(page, "/newsfeed");
    // The worker's own fetch of /calendar is answered, with this person's page, only after they
    // signed out in another tab.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await context.route(
      (url) => url.pathname === "/calendar",
      async (route) => {
        if (!route.request().serviceWorker()) return route.continue();
        const response = await route.fetch();
        held = true;
        await released;
        await route.fulfill({ response });
      },
    );
    const reading = page.goto("/calendar");
    await expect.poll(() => held, { intervals: SETTLING }).toBe(true);
    const other = await context.newPage();
    await other.goto("/login/logout");
    await other.getByRole("button", { name: "Log Out" }).click();
    await expect.poll(() => keptPages(other), { timeout: 15_000, intervals: SETTLING }).toEqual([]);
    release();
    await reading;
    await expect(page.getByRole("heading", { level: 1, name: /Calendar/ })).toBeVisible();
    // Nothing arrives later either: the worker kept the page before, it would within this second.
    for (let look = 0; look < 10; look++) {
      expect(await keptPages(other)).toEqual([]);
      await other.waitForTimeout(100);
    }
  });

  test("a push shows a notification whose click opens its page @js-only", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["notifications"]);
    await signInAs(page, person(testInfo, "b").email);
    await controlled(page);
    const worker = await serviceWorkerOf(context);
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
        const ours = list.find((one) => !one.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const origin = new URL(page.url()).origin;
    const payload = { title: "Pwa A sent you a message", body: "See you at pickup", url: "/calendar", tag: "chat-1" };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin,
      registrationId: await registrations,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((one) => ({
          title: one.title,
          body: one.body,
          tag: one.tag,
          url: (one.data as { url: string }).url,
        })),
      );
    await expect
      .poll(shown, { timeout: 10_000, intervals: SETTLING })
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }]);

    // CDP cannot tap a notification: the worker gets the click event the browser would send.
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification }));
    });
    await expect(page).toHaveURL(`${origin}/calendar`);
    await expect.poll(shown, { intervals: SETTLING }).toEqual([]);
  });
});

/** What the test reads in the service worker's global scope (the e2e types know no worker globals). */
type WorkerScope = {
  registration: { getNotifications(): Promise<Notification[]> };
  NotificationEvent: new (type: string, init: { notification?: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
};

async function serviceWorkerOf(context: BrowserContext) {
  const existing = context.serviceWorkers()[0];
  return existing ?? (await context.waitForEvent("serviceworker"));
}
