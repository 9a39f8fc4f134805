import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const fetchApp = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

describe("the shell", () => {
  it("renders the landing page for guests with only About and Login in the header", async () => {
    const response = await fetchApp("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('href="/about"');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('href="/newsfeed"');
  });

  it("answers an unmatched route with 404 and both SPEC texts", async () => {
    const response = await fetchApp("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("This page could not be found");
    expect(html).toContain("The requested URL /no/such/page was not found on this server.");
    expect(html).toContain("Go to home page");
  });

  it("drops a trailing slash with a permanent redirect", async () => {
    const response = await fetchApp("/about/", { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/about");
  });

  it("refuses a cross-site form post", async () => {
    const response = await fetchApp("/theme", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=theme-a",
    });
    expect(response.status).toBe(403);
  });

  it("switches the theme by cookie and redirects back", async () => {
    const response = await fetchApp("/theme", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=theme-a&redirectTo=/about",
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/about");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^theme=/);
    const page = await fetchApp("/about", { headers: { Cookie: cookie.split(";")[0] } });
    expect(await page.text()).toContain('class="theme-a"');
  });
});

describe("development routes", () => {
  it("/__dev/error is a plain 404 unless DEV_ROUTES is on", async () => {
    const response = await fetchApp("/__dev/error");
    expect(response.status).toBe(404);
  });
});
