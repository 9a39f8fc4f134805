import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, sessionD1, withD1Session } from "~/server/db/d1-session.server";
import { cast } from "./communities-support";
import { fetchApp } from "./helpers";
import { browserFor, pageText } from "./settings-support";

/** The d1-bookmark cookie a response sets, if any. */
function bookmarkSet(response: Response) {
  const cookie = response.headers.getSetCookie().find((one) => one.startsWith(`${BOOKMARK_COOKIE}=`));
  return cookie ? cookie.split(";")[0]!.slice(BOOKMARK_COOKIE.length + 1) : null;
}

describe("reads near the reader: D1 sessions (decision 168)", { timeout: 30_000 }, () => {
  it("a write hands back its bookmark, and the next page starts from it and shows the write", async () => {
    const { member, community } = await cast();
    const browser = await browserFor(member);
    const body = `Read your writes ${Date.now()}`;
    const posted = await browser.post("/content", { communityId: String(community.id), body, returnTo: "/newsfeed" });
    expect(posted.status).toBe(302);
    const written = bookmarkSet(posted);
    expect(written).toMatch(/^[0-9a-f-]+$/);
    expect(posted.headers.get("Set-Cookie")).toContain("HttpOnly");

    // The browser keeps the cookie (browserFor's jar): the feed's session starts at that bookmark.
    expect(browser.cookie()).toContain(`${BOOKMARK_COOKIE}=${written}`);
    const feed = await browser.get("/newsfeed");
    expect(feed.status).toBe(200);
    expect(await pageText(feed)).toContain(body);
    // One round trip still, and a bookmark that never goes back.
    expect(feed.headers.get("X-D1-Round-Trips")).toBe("1");
    const after = bookmarkSet(feed) ?? written!;
    expect(after >= written!).toBe(true);
  });

  it("a guest's page sets no bookmark, and a bookmark D1 cannot use is ignored, not an error", async () => {
    const guest = await fetchApp("/login");
    expect(guest.status).toBe(200);
    expect(bookmarkSet(guest)).toBeNull();
    const { member } = await cast();
    const browser = await browserFor(member);
    const forged = await fetchApp("/newsfeed", {
      headers: { Cookie: `${browser.cookie()}; ${BOOKMARK_COOKIE}=00000000-ffffffff-0000-0000` },
    });
    expect(forged.status).toBe(200);
  });

  it("puts a bookmark that moved on the page's own response, beside its other cookies (decision 226)", async () => {
    // A bookmark from before this request's read: local D1 moves it on with every batch.
    const earlier = env.DB.withSession("first-primary");
    await earlier.prepare("SELECT 1").first();
    const brought = earlier.getBookmark()!;
    const db = sessionD1(env.DB);
    const page = new Response("<p>page</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "lng=en" } });
    const request = new Request("http://localhost/newsfeed", { headers: { Cookie: `${BOOKMARK_COOKIE}=${brought}` } });
    const answered = await withD1Session(request, env.DB, async () => {
      await db.prepare("SELECT 1").first();
      return page;
    });
    expect(answered).toBe(page);
    const moved = bookmarkSet(answered);
    expect(moved).not.toBeNull();
    expect(moved! > brought).toBe(true);
    expect(answered.headers.getSetCookie()[0]).toBe("lng=en");
    // A response whose headers cannot change (a fetched one, say) still gets the cookie, on a copy.
    const fixed = await withD1Session(request, env.DB, async () => {
      await db.prepare("SELECT 1").first();
      return Response.redirect("http://localhost/newsfeed", 302);
    });
    expect(fixed.status).toBe(302);
    expect(bookmarkSet(fixed)).not.toBeNull();
  });
});
