import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CookieJar } from "./cookie-jar";
import { fetchApp } from "./helpers";

// The test configuration turns Google and Apple on; here they are off. Each test file runs in
// its own isolate, so this touches no other file.
Object.assign(env, { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "", APPLE_CLIENT_ID: "" });

describe("Google and Apple when they are not configured", () => {
  it("shows no Continue with Google or Apple on the sign-in page", async () => {
    const html = await (await fetchApp("/login")).text();
    expect(html).not.toContain("Continue with Google");
    expect(html).not.toContain("Continue with Apple");
  });

  it("sends someone who opens the start addresses back to sign in, with a notice", async () => {
    for (const [path, provider] of [
      ["/login/google", "Google"],
      ["/login/apple", "Apple"],
    ]) {
      const jar = new CookieJar();
      const response = jar.update(await fetchApp(`${path}?redirectTo=/about`));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fabout");
      const page = await fetchApp("/login", { headers: { Cookie: jar.header() } });
      expect(await page.text()).toContain(`Sign-in with ${provider} is not available right now.`);
    }
  });

  it("answers the verify APIs with 503 and a clear JSON error", async () => {
    for (const [path, body, provider] of [
      ["/api/v2/auth/googleverify", { idToken: "x" }, "Google"],
      ["/api/v2/auth/appleverify", { authorization: { code: "x" } }, "Apple"],
    ] as const) {
      const response = await fetchApp(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: {
          code: "provider_not_configured",
          message: `Sign-in with ${provider} is not set up on this server.`,
        },
      });
    }
  });
});
