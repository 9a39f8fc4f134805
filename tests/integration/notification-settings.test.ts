import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp } from "./helpers";
import { bearerFor, expectApiError } from "./notifications-support";
import { browserFor } from "./settings-support";

const PATH = "/profile/settings/notifications";
const settingsRow = (userId: number) =>
  getDb().query.notificationSettings.findFirst({ where: eq(schema.notificationSettings.userId, userId) });

const FORM = {
  emailChat: "off",
  emailInbox: "immediate",
  emailFriends: "weekly",
  emailPosts: "daily",
  emailEvents: "off",
  quietStart: "22:30",
  quietEnd: "06:15",
  digestHour: "18",
};

function json(path: string, token: string, method = "GET", body?: unknown) {
  return fetchApp(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("the Notifications settings page (issue 23 item 7)", () => {
  it("shows the defaults: chat and inbox right away, posts daily, quiet 21:00–07:00", async () => {
    const user = await createUser({ timeZone: "America/Chicago" });
    const browser = await browserFor(user);
    const page = await browser.get(PATH);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const heading of ["Notifications on this device", "Email", "Quiet hours"])
      expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain("Turning on notifications needs JavaScript in this browser.");
    expect(html).toMatch(/name="emailChat"[^>]*>(?:(?!<\/select>).)*value="immediate" selected/s);
    expect(html).toMatch(/name="emailPosts"[^>]*>(?:(?!<\/select>).)*value="daily" selected/s);
    expect(html).toContain('value="21:00"');
    expect(html).toContain('value="07:00"');
    expect(html).toContain("Times are in your time zone, America/Chicago.");
    expect(Number(page.headers.get("X-D1-Round-Trips"))).toBeLessThanOrEqual(1);
  });

  it("saves without JavaScript (PRG) and shows what was saved", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const saved = await browser.post(PATH, FORM);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(PATH);
    const row = await settingsRow(user.id);
    expect(row).toMatchObject({
      chatEmail: "off",
      friendsEmail: "weekly",
      eventsEmail: "off",
      quietStart: 22 * 60 + 30,
      quietEnd: 6 * 60 + 15,
      digestHour: 18,
    });
    expect(row!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const html = await (await browser.get(PATH)).text();
    expect(html).toContain("Your notification settings have been saved.");
    expect(html).toContain('value="22:30"');
  });

  it("keeps what was typed and says what is wrong, at the field", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const page = await browser.post(PATH, { ...FORM, quietStart: "25:00", emailChat: "sometimes" });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Enter a time like 21:00.");
    expect(html).toContain("Choose one of the options.");
    expect(html).toContain('value="06:15"');
    expect(await settingsRow(user.id)).toBeUndefined();
  });

  it("is for signed-in users only", async () => {
    const page = await fetchApp(PATH);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/login?redirectTo=");
  });
});

describe("GET/PUT /api/v2/notification-settings", () => {
  it("answers the defaults, then changes only what a PUT names", async () => {
    const user = await createUser();
    const token = await bearerFor(user.id);
    const first = await json("/api/v2/notification-settings", token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      settings: {
        email: { chat: "immediate", inbox: "immediate", friends: "daily", posts: "daily", events: "immediate" },
        quietStart: "21:00",
        quietEnd: "07:00",
        digestHour: 7,
      },
      pushDevices: 0,
    });
    const put = await json("/api/v2/notification-settings", token, "PUT", {
      email: { posts: "weekly" },
      quietEnd: "06:30",
    });
    expect(put.status).toBe(200);
    const { settings } = (await put.json()) as { settings: { email: Record<string, string>; quietEnd: string } };
    expect(settings.email).toMatchObject({ posts: "weekly", chat: "immediate" });
    expect(settings.quietEnd).toBe("06:30");
    const again = await json("/api/v2/notification-settings", token, "PUT", { digestHour: 20 });
    expect(((await again.json()) as { settings: { email: Record<string, string> } }).settings.email.posts).toBe(
      "weekly",
    );
  });

  it("refuses bad input with a 400 naming the field, and strangers with a 401", async () => {
    const user = await createUser();
    const token = await bearerFor(user.id);
    const bad = await json("/api/v2/notification-settings", token, "PUT", { email: { chat: "loud" } });
    const error = await expectApiError(bad, 400, "invalid_request");
    expect(error.message).toBe("Choose one of the options.");
    await expectApiError(await fetchApp("/api/v2/notification-settings"), 401, "unauthorized");
  });
});

describe("push subscriptions (issue 23 item 4)", () => {
  const subscription = (endpoint: string) => ({
    endpoint,
    keys: {
      p256dh: "BIll4Prkr91SVGWyz9349g58tzsVrbeYFT4vmkN_-TbH3hOrBYUy_KpWP9TCppr3MBatpbULRgG8VDgfGJkQb68",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  });

  it("stores one row per device with the VAPID key; a re-subscribe replaces it; DELETE removes it", async () => {
    const user = await createUser();
    const token = await bearerFor(user.id);
    const endpoint = `https://push.example.test/${crypto.randomUUID()}`;
    expect((await json("/api/v2/push-subscriptions", token, "POST", subscription(endpoint))).status).toBe(201);
    expect((await json("/api/v2/push-subscriptions", token, "POST", subscription(endpoint))).status).toBe(201);
    const rows = await getDb().query.pushSubscriptions.findMany({
      where: eq(schema.pushSubscriptions.userId, user.id),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.vapidKey).toMatch(/^BIll4/);
    const listed = (await (await json("/api/v2/notification-settings", token)).json()) as { pushDevices: number };
    expect(listed.pushDevices).toBe(1);
    expect((await json("/api/v2/push-subscriptions", token, "DELETE", { endpoint })).status).toBe(204);
    expect(
      await getDb().query.pushSubscriptions.findMany({ where: eq(schema.pushSubscriptions.userId, user.id) }),
    ).toHaveLength(0);
  });

  it("takes the page's subscription with the cookie session, and refuses a non-https endpoint", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const send = (body: unknown) =>
      fetchApp(`${PATH}/push`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: browser.cookie() },
        body: JSON.stringify(body),
      });
    expect((await send(subscription(`https://push.example.test/${crypto.randomUUID()}`))).status).toBe(201);
    await expectApiError(await send(subscription("http://push.example.test/x")), 400, "invalid_request");
    expect(
      await getDb().query.pushSubscriptions.findMany({ where: eq(schema.pushSubscriptions.userId, user.id) }),
    ).toHaveLength(1);
  });
});
