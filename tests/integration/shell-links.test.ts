import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "./helpers";
import { browserFor } from "./settings-support";

/**
 * Decision 203: the signed-in shell's navigations read the page's area once per render (not a
 * NavLink's hooks per link), and tell React Router of each destination once. What a reader gets
 * is unchanged: the current area marked `aria-current="page"` (and `active`) in the sidebar and
 * in the tab bar, Messages marked while in the conversations or the inbox, nothing marked
 * elsewhere; every destination still discovered by the router before a click.
 */
type Browser = Awaited<ReturnType<typeof browserFor>>;

const sidebarOf = (html: string) => html.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)?.[0] ?? "";
const tabBarOf = (html: string) => html.match(/<nav class="tab-bar"[\s\S]*?<\/nav>/)?.[0] ?? "";
/** The hrefs of the links marked as the current page, in order. */
const current = (markup: string) =>
  [...markup.matchAll(/<a [^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes('aria-current="page"'))
    .map((tag) => tag.match(/href="([^"]*)"/)?.[1]);

describe("the signed-in shell's links (decision 203)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await browserFor(await createUser());
  }, 60_000);

  it("marks the page's area in the sidebar and the tab bar, at any depth, and nothing outside an area", async () => {
    const expected: [path: string, area: string | null][] = [
      ["/newsfeed", "/newsfeed"],
      ["/calendar", "/calendar"],
      ["/communities/create", "/communities"],
      ["/chat", "/chat"],
      ["/messagesold/compose", "/messagesold"],
      ["/schools", "/schools"],
      ["/profile/settings", null],
    ];
    for (const [path, area] of expected) {
      const response = await browser.get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const sidebar = sidebarOf(html);
      const tabs = tabBarOf(html);
      expect(current(sidebar), path).toEqual(area ? [area] : []);
      expect(current(tabs), path).toEqual(area && area !== "/schools" ? [area] : []);
      if (area) {
        expect(sidebar, path).toMatch(
          new RegExp(`<a class="sidebar-link active [^"]*" aria-current="page" href="${area}"`),
        );
      }
      expect(sidebar.match(/sidebar-link active/g)?.length ?? 0, path).toBe(area ? 1 : 0);
      // The Messages tab stands for the conversations and the inbox.
      const inMessages = area === "/chat" || area === "/messagesold";
      expect(tabs.includes('<summary class="tab active '), path).toBe(inMessages);
      expect(tabs.match(/class="tab active /g)?.length ?? 0, path).toBe(area && area !== "/schools" ? 1 : 0);
    }
  });

  it("tells the router of every destination of the shell once: the tab bar and the repeats leave it to the sidebar", async () => {
    const html = await (await browser.get("/newsfeed")).text();
    const sidebar = sidebarOf(html);
    const tabs = tabBarOf(html);
    for (const path of ["/newsfeed", "/calendar", "/chat", "/messagesold", "/communities", "/schools"]) {
      expect(sidebar, path).toMatch(new RegExp(`href="${path}" data-discover="true"`));
    }
    expect(tabs).toContain('href="/chat"');
    expect(tabs).not.toContain("data-discover");
    // The account menu's destinations are the shell's only, so they are discovered there.
    for (const path of ["/profile", "/profile/friends", "/profile/settings"]) {
      expect(html, path).toContain(`href="${path}" data-discover="true"`);
    }
    // Log Out is a whole-page post: the browser's own form, not a router form.
    const logout = html.match(/<form [^>]*action="\/login\/logout"[^>]*>/)?.[0];
    expect(logout).toContain('method="post"');
    expect(logout).not.toContain("data-discover");
  });
});
