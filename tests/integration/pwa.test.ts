import { describe, expect, it } from "vitest";
import { createUser, fetchApp, signIn } from "./helpers";

/**
 * The server's side of the installable app (issue 23, decisions 130–131): whose page a document
 * is (the service worker keeps offline copies per user by it), the manifest in the viewer's
 * theme, the offline page, and the hidden offline banner in the viewer's zone.
 */
describe("the installable app", () => {
  it("names the user on signed-in documents and nobody on a guest's", async () => {
    const user = await createUser({ timeZone: "America/Chicago" });
    const cookie = await signIn(user.email, user.password);
    const page = await fetchApp("/newsfeed", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("X-SchoolHub-User")).toBe(String(user.id));
    const html = await page.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials"/>');
    // The banner, hidden until the service worker shows it offline, with the time in the user's zone.
    const banner = /<p class="offline-banner" role="status" hidden="" data-offline-banner="">([^<]*)<\/p>/.exec(html);
    expect(banner?.[1]).toMatch(/^You are offline — showing what you saw at \d{1,2}:\d{2} (AM|PM)$/);
    const chicago = (at: number) =>
      new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/Chicago" }).format(at);
    const seen = [chicago(Date.now() - 60_000), chicago(Date.now())].map((time) => time.replace(/\u202f/g, " "));
    expect(seen).toContain(banner?.[1]?.split(" at ")[1]);

    const guest = await fetchApp("/about");
    expect(guest.headers.get("X-SchoolHub-User")).toBeNull();
    const guestHtml = await guest.text();
    expect(guestHtml).not.toContain("manifest");
    expect(guestHtml).not.toContain("data-offline-banner");
  });

  it("serves the manifest in the viewer's theme", async () => {
    const user = await createUser({ theme: "theme-b" });
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp("/manifest.webmanifest", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "SchoolHub",
      display: "standalone",
      start_url: "/newsfeed",
      theme_color: "#2f7d32",
      background_color: "#f3f8f2",
    });
    const guest = (await (await fetchApp("/manifest.webmanifest")).json()) as Record<string, unknown>;
    expect(guest.theme_color).toBe("#2457c5");
  });

  it("renders the offline page as a guest's: no scripts, nobody's data", async () => {
    const response = await fetchApp("/offline");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("You are offline");
    expect(html).toContain('href="/newsfeed"');
    expect(html).not.toContain("<script");
  });
});
