import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { parseConfig } from "~/server/config.server";
import { contentSecurityPolicy, withSecurityHeaders } from "~/server/http/security-headers.server";
import { ownerWithPostAndGroup } from "./chat-support";
import { eventOf } from "./events-support";
import { createUser, fetchApp, signIn } from "./helpers";

// docs/decisions/031-request-hardening.md ("Security headers").
const SECRETS = {
  SESSION_SECRET: "headers-session-secret-0123456789abcdef0123456789",
  JWT_SECRET: "headers-jwt-secret-0123456789abcdef0123456789abcdef",
};

function directive(csp: string, name: string) {
  return (
    csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ""
  );
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("Permissions-Policy")).toContain("geolocation=()");
  expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
}

describe("security headers", () => {
  it("give each page a fresh nonce that every script of the page carries, and no inline script otherwise", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      // Sign-in keeps its scripts (decision 043); the About pages ship none to guests.
      const response = await fetchApp("/login");
      expectCommonHeaders(response);
      const csp = response.headers.get("Content-Security-Policy")!;
      const scriptSrc = directive(csp, "script-src");
      expect(scriptSrc).not.toContain("unsafe-inline");
      const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
      // 128 random bits in base64url: 22 characters a CSP nonce may hold (decision 093).
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      nonces.add(nonce!);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      for (const tag of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) expect(tag).toContain("nonce=");
    }
    expect(nonces.size).toBe(2);
  });

  it("are on API answers too, and token answers are never stored", async () => {
    const user = await createUser();
    const response = await fetchApp("/api/v2/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.90" },
      body: JSON.stringify({ identifier: user.email, password: user.password }),
    });
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const missing = await fetchApp("/api/v1/nothing");
    expectCommonHeaders(missing);
  });

  it("are on redirects and errors", async () => {
    expectCommonHeaders(await fetchApp("/newsfeed"));
    expectCommonHeaders(await fetchApp("/no/such/page"));
  });

  it("send HSTS only with secure cookies", async () => {
    expect((await fetchApp("/about")).headers.get("Strict-Transport-Security")).toBeNull();
    const secure = parseConfig({ ...SECRETS, SECURE_COOKIES: "true" });
    const response = withSecurityHeaders(
      new Response("x", { headers: { "Content-Type": "text/html" } }),
      {
        url: new URL("https://schoolhub.test/about"),
        nonce: "abc",
      },
      secure,
    );
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("allow the ad, analytics and captcha hosts only when configured, and need no nonce without scripts", () => {
    const plain = contentSecurityPolicy({ nonce: null }, parseConfig(SECRETS));
    expect(plain).not.toContain("nonce-");
    expect(plain).not.toContain("googlesyndication");
    expect(plain).not.toContain("recaptcha");
    expect(directive(plain, "script-src")).toBe("script-src 'self'");
    const withHosts = parseConfig({
      ...SECRETS,
      AD_CLIENT: "ca-pub-1",
      ANALYTICS_SRC: "https://stats.example/script.js",
      CAPTCHA_SITE_KEY: "site",
      CAPTCHA_SECRET: "secret",
    });
    const configured = contentSecurityPolicy({ nonce: "n1" }, withHosts);
    expect(directive(configured, "script-src")).toMatch(/^script-src 'self' 'nonce-n1' https:\/\/stats\.example /);
    // Written once per configuration (decision 226): the next page's policy differs by its nonce only,
    // and a configuration without the hosts keeps its own.
    expect(contentSecurityPolicy({ nonce: "n2" }, withHosts)).toBe(configured.replace("'nonce-n1'", "'nonce-n2'"));
    expect(contentSecurityPolicy({ nonce: null }, withHosts)).toBe(configured.replace(" 'nonce-n1'", ""));
    expect(contentSecurityPolicy({ nonce: null }, parseConfig(SECRETS))).toBe(plain);
    expect(directive(configured, "script-src")).toContain("https://pagead2.googlesyndication.com");
    expect(directive(configured, "script-src")).toContain("https://stats.example");
    expect(directive(configured, "connect-src")).toContain("https://stats.example");
    expect(directive(configured, "frame-src")).toContain("https://www.google.com/recaptcha/");
  });

  it("keep a page's own policy (a cached page carries a nonce-free one)", () => {
    const cached = new Response("<p>cached</p>", {
      headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'self'" },
    });
    const response = withSecurityHeaders(cached, { url: new URL("http://localhost/"), nonce: "fresh" });
    expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'self'");
  });
});

/**
 * Issue 22 item 7: the header table. Every answer of the Worker is nosniff and unframeable, and
 * every answer to a signed-in request is `no-store` or `private`: pages, JSON for the page's
 * scripts (/chat/{id}/messages), the API and files. Static files are served by Workers static
 * assets before the Worker runs; public/_headers gives them theirs (tests/e2e/static-headers.spec.ts).
 */
describe("the header table", () => {
  const privateOrNoStore = (response: Response, label: string) =>
    expect(response.headers.get("Cache-Control") ?? "", label).toMatch(/\b(no-store|private)\b/);

  it("holds for a page, the page's JSON, an API answer and a file, signed in", async () => {
    const { owner, community, group } = await ownerWithPostAndGroup();
    const cookie = await signIn(owner.email, owner.password);
    const { token } = await issueTokens(owner.id);
    const event = await eventOf(owner.id, community.id);
    const answers: [string, Response][] = [
      ["page", await fetchApp("/newsfeed", { headers: { Cookie: cookie } })],
      ["page JSON", await fetchApp(`/chat/${group.conversationId}/messages`, { headers: { Cookie: cookie } })],
      [
        "page JSON, read",
        await fetchApp(`/chat/${group.conversationId}/read`, { method: "POST", headers: { Cookie: cookie } }),
      ],
      ["API", await fetchApp("/api/v2/conversation", { headers: { Authorization: `Bearer ${token}` } })],
      ["file", await fetchApp(`/calendar/events/${event}/ics`, { headers: { Cookie: cookie } })],
      ["redirect", await fetchApp("/login", { headers: { Cookie: cookie } })],
      ["not found", await fetchApp("/no/such/page", { headers: { Cookie: cookie } })],
    ];
    for (const [label, response] of answers) {
      expect(response.status, label).toBeLessThan(500);
      expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy"), label).toContain("frame-ancestors 'none'");
      privateOrNoStore(response, label);
    }
  });

  it("holds for a guest's page and a public file: nosniff everywhere", async () => {
    for (const path of ["/about", "/files/avatars/none.png", "/api/v1/nothing"]) {
      const response = await fetchApp(path);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });
});
