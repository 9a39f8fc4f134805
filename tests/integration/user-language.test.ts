import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import arSettings from "~/locales/ar/settings.json";
import { issueTokens, verifyAccessToken } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

/**
 * A signed-in user's language is a setting on the account (issue 24): saved in users.locale,
 * carried by the access token (so pages and the API need no D1 read to know it), and it
 * outweighs Accept-Language and the guest's `lng` cookie.
 */
const localeOf = async (id: number) =>
  (await getDb().query.users.findFirst({ where: eq(schema.users.id, id) }))?.locale ?? null;

describe("the account's language", { timeout: 60_000 }, () => {
  it("is saved in Settings, renders every page in it with <html lang dir>, and the token carries it", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    expect((await browser.get("/newsfeed")).status).toBe(200);

    const saved = await browser.post("/profile/settings", { intent: "language", language: "ar" });
    expect(saved.status).toBe(302);
    expect(await localeOf(user.id)).toBe("ar");
    const settings = await (await browser.get("/profile/settings")).text();
    expect(settings).toContain('<html lang="ar" dir="rtl"');
    expect(settings).toContain(arSettings.language.submit);

    // A language the app does not have is refused at the field; the account keeps its own.
    const refused = await browser.post("/profile/settings", { intent: "language", language: "xx" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(arSettings.language.invalid);
    expect(await localeOf(user.id)).toBe("ar");

    const { token } = await issueTokens(user.id);
    const check = await verifyAccessToken(token);
    expect(check.status === "valid" && check.user?.locale).toBe("ar");
  });

  it("outweighs Accept-Language and the lng cookie once signed in", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await browser.post("/profile/settings", { intent: "language", language: "vi" });
    const page = await fetchApp("/newsfeed", {
      headers: {
        Cookie: `${browser.cookie()}; lng=${encodeURIComponent(btoa(JSON.stringify("es")))}`,
        "Accept-Language": "zh-CN",
      },
    });
    expect(await page.text()).toContain('<html lang="vi" dir="ltr"');
  });
});
