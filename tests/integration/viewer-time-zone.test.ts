import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens, verifyAccessToken } from "~/server/auth/tokens.server";
import { sendMessage } from "~/server/chat/chat.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { clientId, twoFriends } from "./chat-support";
import { actorOf, cast } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

/**
 * Every time in the viewer's zone, written by the server (issue 21, decision 121): the zone is
 * a users column, the browser's on its first page, then the one chosen in settings; pages and
 * the JSON API write times in it.
 */
const LA = "America/Los_Angeles";
const zoneOf = async (id: number) =>
  (await getDb().query.users.findFirst({ where: eq(schema.users.id, id) }))?.timeZone ?? null;

const full = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone })
    .format(at)
    .replace(/\u202f/g, " ");
const weekdayTime = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat("en", { weekday: "short", hour: "numeric", minute: "2-digit", timeZone })
    .format(at)
    .replace(/\u202f/g, " ")
    .replace(",", "");

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("the viewer's time zone (decision 121)", { timeout: 60_000 }, () => {
  it("is the browser's, told by the first page's cookie, until settings change it; the token carries it", async () => {
    const user = await createUser();
    expect(await zoneOf(user.id)).toBeNull();
    const browser = await browserFor(user);
    const first = await fetchApp("/newsfeed", {
      headers: { Cookie: `${browser.cookie()}; tz=${encodeURIComponent(LA)}` },
    });
    expect(first.status).toBe(200);
    // Stored after the response (no second D1 round trip for the page).
    await until(async () => (await zoneOf(user.id)) === LA);
    expect(await zoneOf(user.id)).toBe(LA);

    const saved = await browser.post("/profile/settings", { intent: "timeZone", timeZone: "Europe/Berlin" });
    expect(saved.status).toBe(302);
    expect(await zoneOf(user.id)).toBe("Europe/Berlin");
    expect(await pageText(await browser.get("/profile/settings"))).toContain("Times are now shown in Europe/Berlin.");

    // A zone nobody knows is refused at the field; the account keeps its zone.
    const refused = await browser.post("/profile/settings", { intent: "timeZone", timeZone: "Mars/Olympus" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Choose a time zone from the list.");
    expect(await zoneOf(user.id)).toBe("Europe/Berlin");

    // The browser's cookie no longer overrides the choice.
    await fetchApp("/newsfeed", { headers: { Cookie: `${browser.cookie()}; tz=${encodeURIComponent(LA)}` } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await zoneOf(user.id)).toBe("Europe/Berlin");

    // A new access token says it, so pages and the API need no D1 read to know it.
    const { token } = await issueTokens(user.id);
    const check = await verifyAccessToken(token);
    expect(check.status === "valid" && check.user?.timeZone).toBe("Europe/Berlin");
  });

  it("writes a post's time in the viewer's zone on the page and in the API's createdAtText", async () => {
    const { owner, member, community } = await cast();
    const created = await createPost(await actorOf(owner.id), community.id, "Bake sale on Friday");
    if (created.status !== "published") throw new Error(created.status);
    const postId = created.id;
    // Three days ago at 01:30 UTC: the evening before in Los Angeles, so the zone shows in the weekday.
    const day = 86_400_000;
    const at = Math.floor((Date.now() - 3 * day) / day) * day + 90 * 60_000;
    await getDb().update(schema.posts).set({ createdAt: at }).where(eq(schema.posts.id, postId));
    await getDb().update(schema.users).set({ timeZone: LA }).where(eq(schema.users.id, member.id));

    const page = await (await browserFor(member)).get(`/content/${postId}`);
    const html = await page.text();
    const time = new RegExp(`<time datetime="${new Date(at).toISOString()}" title="([^"]+)">([^<]+)</time>`, "i").exec(
      html,
    );
    expect(time?.[1]).toBe(full(at, LA));
    expect(time?.[2]).toBe(weekdayTime(at, LA));

    const answer = async (userId: number) => {
      const { token } = await issueTokens(userId);
      const response = await fetchApp(`/api/v1/posts/${postId}`, { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as { post: { createdAt: number; createdAtText: string } };
    };
    const inLa = await answer(member.id);
    expect(inLa.post.createdAt).toBe(at);
    expect(inLa.post.createdAtText).toBe(weekdayTime(at, LA));
    // The owner never told a zone: UTC, the other day.
    const inUtc = await answer(owner.id);
    expect(inUtc.post.createdAtText).toBe(weekdayTime(at, "UTC"));
    expect(inUtc.post.createdAtText).not.toBe(inLa.post.createdAtText);
  });

  it("gives chat messages from the API their display text, relative for the last hour", async () => {
    const { a, b } = await twoFriends();
    await getDb().update(schema.users).set({ timeZone: LA }).where(eq(schema.users.id, b.id));
    const sent = await sendMessage(await actorOf(a.id), { toUserId: b.id }, { content: "Hi", clientMsgId: clientId() });
    if (sent.status !== "ok") throw new Error(sent.status);
    const { token } = await issueTokens(b.id);
    const response = await fetchApp(`/api/v2/conversation/${sent.message.conversationId}/messages`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: { content: string; createdAtText: string }[] };
    expect(body.data.map((m) => [m.content, m.createdAtText])).toEqual([["Hi", "Just now"]]);
  });
});
