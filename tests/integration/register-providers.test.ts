import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

// The test configuration turns Google and Apple on; here they are off. Each test file runs in
// its own isolate, so this touches no other file.
Object.assign(env, { GOOGLE_CLIENT_ID: "", APPLE_CLIENT_ID: "" });

describe("/login/register without Google and Apple", () => {
  it("goes straight to registration with email: with one way there is nothing to choose", async () => {
    const response = await fetchApp("/login/register");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/registeremail");
  });

  it("does not offer other ways to register on the email form", async () => {
    const html = await (await fetchApp("/login/registeremail")).text();
    expect(html).toContain("Register with email");
    expect(html).not.toContain('href="/login/register"');
    expect(html).not.toContain('href="/login/google"');
    expect(html).not.toContain('href="/login/apple"');
  });
});
