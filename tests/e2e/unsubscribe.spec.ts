import { queryD1 } from "./d1";
import { confirm, expect, openMail, signedInPage, test } from "./support";

/**
 * A notification mail's unsubscribe link (issue 23 item 5, decision 169), opened signed out, as
 * from a phone's mail app: the page asks in the mail's language, and its button turns off just
 * that kind, with JavaScript and without. Each project has its own seeded token.
 */
const STATE = ".wrangler/e2e-state";
const project = () => (test.info().project.name === "js" ? "js" : "nojs");
const token = () => `e2e-unsubscribe-${project()}-token-0123456789abcdefghijkl`;
const settings = () =>
  queryD1<{ chat: string; inbox: string; friends: string; posts: string; events: string }>(
    STATE,
    `SELECT chat_email AS chat, inbox_email AS inbox, friends_email AS friends, posts_email AS posts,
      events_email AS events FROM notification_settings WHERE unsubscribe_token = '${token()}'`,
  )[0];

test.describe("unsubscribing from a mail, at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("the page asks first, then stops just that kind of email, signed out", async ({ page }) => {
    await page.goto(`/unsubscribe/events/${token()}?lng=es`);
    await expect(page.getByRole("heading", { level: 1, name: "Cancelar suscripción" })).toBeVisible();
    await expect(
      page.getByText("¿Dejar de recibir correos sobre cambios y recordatorios de eventos?", { exact: false }),
    ).toBeVisible();
    // A plain HTML page for a guest: no script at all (decision 043).
    await expect(page.locator('script[src], script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
    // Opening the link changed nothing.
    expect(settings()?.events).toBe("immediate");
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    const button = page.getByRole("button", {
      name: "Dejar de recibir correos sobre cambios y recordatorios de eventos",
    });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await button.click();
    await expect(page.getByRole("status")).toHaveText(
      "Listo. Ya no recibirás correos sobre cambios y recordatorios de eventos.",
    );
    // Only that kind (the one-click test below turns off posts for the js project's token).
    expect(settings()).toMatchObject({ chat: "immediate", inbox: "immediate", friends: "daily", events: "off" });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole("link", { name: "Toda la configuración de notificaciones" })).toBeVisible();
  });

  test("from a real mail: its link opens the page, whose button stops that kind", async ({
    browser,
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const p = project();
    const [target] = queryD1<{ id: number }>(STATE, `SELECT id FROM users WHERE username = 'e2e_unsubmail_${p}'`);
    const sender = await signedInPage(browser, testInfo, `e2e_unsubscribe_${p}`, `/users/${target!.id}`);
    await sender.getByRole("button", { name: "Add Friend" }).click();
    await confirm(sender, `Are you sure you want to send E2E unsubmail ${p} a friend request?`, javaScriptEnabled);

    const mail = await openMail(
      page,
      `e2e-unsubmail-${p}@demo.schoolhub.test`,
      `E2E unsubscribe ${p} sent you a friend request`,
    );
    // The one-click address the mail client would POST to (RFC 8058), shown by the outbox.
    await expect(mail.getByText("List-Unsubscribe=One-Click")).toBeVisible();
    await expect(mail.getByText(/^<http:\/\/.+\/unsubscribe\/friends\/.+\/one-click>$/)).toBeVisible();
    await mail.getByRole("link", { name: /\/unsubscribe\/friends\// }).click();
    await expect(page.getByText("Stop getting emails about friend requests?", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Stop emails about friend requests" }).click();
    await expect(page.getByRole("status")).toHaveText("Done. You will no longer get emails about friend requests.");
    const [row] = queryD1<{ friends: string }>(
      STATE,
      `SELECT friends_email AS friends FROM notification_settings WHERE user_id = ${target!.id}`,
    );
    expect(row?.friends).toBe("off");
  });

  test("a mail client's one-click POST (RFC 8058), from another site, with no cookie @js-only", async ({ request }) => {
    const response = await request.post(`/unsubscribe/posts/${token()}/one-click`, {
      headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(response.status()).toBe(200);
    expect(settings()?.posts).toBe("off");
  });
});
