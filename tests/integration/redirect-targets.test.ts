import { describe, expect, it } from "vitest";
import { cookiesOf, createUser, fetchApp, postForm, signIn } from "./helpers";
import { notify } from "./notifications-support";

// docs/decisions/030-redirect-targets.md: hostile targets as they arrive in a
// query string or a form field, already decoded once.
const HOSTILE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "//evil.example/x",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  "javascript:alert(1)",
  "https://evil.example/",
];

/** A Location a browser resolves on this site: one leading slash, nothing it would strip. */
function expectSameSite(response: Response) {
  expect(response.status, `status for ${response.url}`).toBeLessThan(500);
  const location = response.headers.get("Location");
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  expect(location).not.toMatch(/[\u0000-\u001f\\]/);
  expect(new URL(location!, "http://localhost").host).toBe("localhost");
  const decoded = decodeURIComponent(location!.split("?")[0]!);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  expect(decoded).not.toMatch(/^\/[/\\]|[\u0000-\u001f]/);
}

describe("every redirect stays on this site", () => {
  it.each(HOSTILE)("sign-in page and form with redirectTo %j", async (target) => {
    const user = await createUser();
    const posted = await postForm("/login", { identifier: user.email, password: user.password, redirectTo: target });
    expect(posted.status).toBe(302);
    expectSameSite(posted);
    const cookie = cookiesOf(posted);
    const page = await fetchApp(`/login?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(302);
    expectSameSite(page);
    for (const provider of ["google", "apple"]) {
      const social = await fetchApp(`/login/${provider}?redirectTo=${encodeURIComponent(target)}`, {
        headers: { Cookie: cookie },
      });
      expectSameSite(social);
    }
  });

  it.each(HOSTILE)("theme, friend, notification forms with %j", async (target) => {
    const user = await createUser();
    const other = await createUser();
    const cookie = await signIn(user.email, user.password);
    const theme = await postForm("/theme", { theme: "theme-a", redirectTo: target }, { cookie });
    expectSameSite(theme);
    const friend = await postForm(`/users/${other.id}/friend`, { intent: "accept", returnTo: target }, { cookie });
    expectSameSite(friend);
    const markAll = await postForm("/notifications/markallread", { confirmed: "1", returnTo: target }, { cookie });
    expectSameSite(markAll);
    const markAllPage = await fetchApp(`/notifications/markallread?returnTo=${encodeURIComponent(target)}`, {
      headers: { Cookie: cookie },
    });
    expect(markAllPage.status).toBe(200);
    const html = await markAllPage.text();
    expect(html).toContain('name="returnTo" value="/newsfeed"');
    expect(html).toContain('href="/newsfeed"');
    const open = await postForm("/notifications/no-such-oid/open", { returnTo: target }, { cookie });
    expectSameSite(open);
    const guestOpen = await postForm("/notifications/no-such-oid/open", { returnTo: target });
    expectSameSite(guestOpen);
  });

  it.each([
    ["https://x.test//evil.example/p", "/"],
    ["https://x.test/%5Cevil.example", "/"],
    ["https://x.test/profile/friends?x=1", "/profile/friends?x=1"],
  ])("a notification whose url is %j opens at %j", async (url, expected) => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const notification = await notify(user.id, "Hello", 0, url);
    const response = await postForm(`/notifications/${notification.oid}/open`, { returnTo: "/newsfeed" }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(expected);
  });

  it("a trailing-slash redirect never becomes a protocol-relative URL", async () => {
    for (const path of ["//evil.example/", "///evil.example/", "/\\evil.example/", "//evil.example/a/"]) {
      const response = await fetchApp(path);
      expect(response.status).toBeLessThan(500);
      if (response.status === 308) expectSameSite(response);
    }
  });
});
