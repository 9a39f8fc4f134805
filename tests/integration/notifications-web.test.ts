import { describe, expect, it } from "vitest";
import { signAccessToken } from "~/server/auth/tokens.server";
import { countUnreadNotifications, listNotifications } from "~/server/notifications/notifications.server";
import { commitSession, getSession } from "~/server/session/session.server";
import { cookiesOf, createUser, fetchApp, postForm, signIn } from "./helpers";
import { notify } from "./notifications-support";

async function signedIn() {
  const user = await createUser();
  return { user, cookie: await signIn(user.email, user.password) };
}

async function page(path: string, cookie: string) {
  const response = await fetchApp(path, { headers: { Cookie: cookie } });
  return { response, html: await response.text() };
}

describe("the header's notifications dropdown (SPEC §2)", () => {
  it("says so when there are none, with Mark All Read disabled", async () => {
    const { cookie } = await signedIn();
    const { html } = await page("/newsfeed", cookie);
    expect(html).toContain("You have no new notifications.");
    expect(html).toMatch(/<button type="submit" class="link-button" disabled="">Mark All Read<\/button>/);
  });

  it("lists the newest notifications with the unread count, each a button that opens it", async () => {
    const { user, cookie } = await signedIn();
    const read = await notify(user.id, "Terry accepted your friend request", 3);
    const unread = await notify(user.id, "Sam sent you a friend request", 1);
    await postForm(`/notifications/${read.oid}/open`, { returnTo: "/newsfeed" }, { cookie });
    const { html } = await page("/newsfeed", cookie);
    expect(html).toContain('aria-label="Notifications, 1 unread"');
    expect(html.indexOf("Sam sent you a friend request")).toBeLessThan(html.indexOf("Terry accepted"));
    // One form for the list; each notification's button posts to its own action (decision 227).
    expect(html).toContain(`formAction="/notifications/${unread.oid}/open"`);
    expect(html).not.toContain(` action="/notifications/${unread.oid}/open"`);
    expect(html).toMatch(/<button type="submit" class="link-button">Mark All Read<\/button>/);
    expect(html).not.toContain("You have no new notifications.");
    // The unread one says so to a screen reader in one text, not a word, a comment and a colon
    // (decision 234); the badge carries no test hook.
    expect(html).toContain('<span class="visually-hidden">Unread: </span>');
    expect(html).not.toContain("Unread<!-- -->");
    expect(html).toContain('<span class="badge" aria-hidden="true">1</span>');
    expect(html.slice(0, html.indexOf("<main"))).not.toContain("data-testid");
  });

  it("is not shown to guests", async () => {
    const { html } = await page("/about", "");
    expect(html).not.toContain("notifications-menu");
  });
});

describe("opening a notification (POST /notifications/{oid}/open)", () => {
  it("marks it read and goes to the path of its url only", async () => {
    const { user, cookie } = await signedIn();
    const notification = await notify(user.id, "Elsewhere", 0, "https://other-host.test/profile/friends?tab=incoming");
    const response = await postForm(`/notifications/${notification.oid}/open`, { returnTo: "/about" }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/friends?tab=incoming");
    expect(await countUnreadNotifications(user.id)).toBe(0);
  });

  it("goes back with the error notice when the notification is not the user's", async () => {
    const owner = await createUser();
    const mine = await notify(owner.id, "Private");
    const { cookie } = await signedIn();
    const response = await postForm(`/notifications/${mine.oid}/open`, { returnTo: "/about/aup" }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about/aup");
    // The flash rides in the session cookie that the redirect set.
    const next = await page("/about/aup", cookiesOf(response));
    expect(next.html).toContain("There was a problem processing your request. Try again later.");
    expect(await countUnreadNotifications(owner.id)).toBe(1);
  });

  it("never goes back off-site", async () => {
    const { cookie } = await signedIn();
    const response = await postForm("/notifications/unknown/open", { returnTo: "//evil.test/" }, { cookie });
    expect(response.headers.get("Location")).toBe("/newsfeed");
  });

  it("sends a guest to sign in, and ignores GET", async () => {
    const guest = await postForm("/notifications/x/open", { returnTo: "/about" });
    expect(guest.headers.get("Location")).toBe("/login?redirectTo=%2Fabout");
    const { cookie } = await signedIn();
    const get = await fetchApp("/notifications/x/open", { headers: { Cookie: cookie } });
    expect(get.status).toBe(405);
  });
});

describe("Mark All Read (POST /notifications/markallread)", () => {
  it("asks first when the post lacks confirmed=1 (no JavaScript), and changes nothing", async () => {
    const { user, cookie } = await signedIn();
    await notify(user.id, "A");
    const response = await postForm("/notifications/markallread", { returnTo: "/about/terms" }, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Are you sure you want to mark all notifications as read?");
    expect(html).toContain('name="confirmed" value="1"');
    expect(html).toContain('value="/about/terms"');
    expect(await countUnreadNotifications(user.id)).toBe(1);
  });

  it("marks everything read once confirmed and goes back", async () => {
    const { user, cookie } = await signedIn();
    await notify(user.id, "A");
    await notify(user.id, "B");
    const response = await postForm(
      "/notifications/markallread",
      { returnTo: "/about/terms", confirmed: "1" },
      { cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about/terms");
    expect((await listNotifications(user.id)).unreadCount).toBe(0);
  });

  it("sends a guest to sign in", async () => {
    const response = await postForm("/notifications/markallread", { confirmed: "1" });
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("GET /realtime/session", () => {
  it("answers 204 when signed in and 401 for a guest", async () => {
    const { cookie } = await signedIn();
    expect((await fetchApp("/realtime/session", { headers: { Cookie: cookie } })).status).toBe(204);
    expect((await fetchApp("/realtime/session")).status).toBe(401);
  });

  it("renews an expired access token into the cookie", async () => {
    const { user, cookie } = await signedIn();
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    session.set("accessToken", await signAccessToken(user, Date.now() - 10 * 60_000));
    const expired = (await commitSession(session)).split(";")[0]!;
    const response = await fetchApp("/realtime/session", { headers: { Cookie: expired } });
    expect(response.status).toBe(204);
    expect(cookiesOf(response)).toMatch(/__session=/);
  });
});
