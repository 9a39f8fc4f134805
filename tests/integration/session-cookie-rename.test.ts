import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hasSessionCookie, sessionCookieName } from "~/server/session/session.server";
import { createUser, fetchApp, signIn } from "./helpers";

// The session cookie under another name (SESSION_COOKIE_NAME). Each test file runs in its own
// isolate, so renaming it here, before the app first reads its configuration, touches no other file.
const RENAMED = "schoolhub_sid";
Object.assign(env, { SESSION_COOKIE_NAME: RENAMED });

describe("a renamed session cookie (issue 20: the guest cache reads the session module's name)", () => {
  it("is the cookie sign-in sets, and the session module knows it", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    expect(cookie).toMatch(new RegExp(`(^|; )${RENAMED}=`));
    expect(cookie).not.toContain("__session=");
    expect(sessionCookieName()).toBe(RENAMED);
    expect(hasSessionCookie(cookie)).toBe(true);
    expect(hasSessionCookie("__session=x; theme=y")).toBe(false);
  });

  it("makes a signed-in user bypass the guest cache that guests are served from", async () => {
    await fetchApp("/about");
    expect((await fetchApp("/about")).headers.get("X-Guest-Cache")).toBe("hit");
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const signedIn = await fetchApp("/about", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("X-Guest-Cache")).toBeNull();
    const html = await signedIn.text();
    expect(html).toContain(user.name);
    expect(html).toContain("<script");
    // And the signed-in page was not stored for the next guest.
    const guest = await fetchApp("/about");
    expect(guest.headers.get("X-Guest-Cache")).toBe("hit");
    expect(await guest.text()).not.toContain(user.name);
  });
});
