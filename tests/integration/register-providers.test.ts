import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp } from "./helpers";

// The test configuration turns Google and Apple on; here they are off. Each test file runs in
// its own isolate, so this touches no other file.
Object.assign(env, { GOOGLE_CLIENT_ID: "", APPLE_CLIENT_ID: "" });

describe("/login/register without Google and Apple", () => {
  it("offers only registration with email: the UI hides what is not configured", async () => {
    const html = await (await fetchApp("/login/register")).text();
    expect(html).toContain('href="/login/registeremail"');
    expect(html).not.toContain('href="/login/google"');
    expect(html).not.toContain('href="/login/apple"');
  });
});
