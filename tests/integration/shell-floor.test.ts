import { beforeAll, describe, expect, it } from "vitest";
import { createUser, fetchApp } from "./helpers";
import { browserFor } from "./settings-support";

/**
 * Decision 199: the signed-in shell, on every page, does no work the browser does not use. The
 * hydration data names the viewer by what the pages read (id, name, avatar), not by what only the
 * server keeps (e-mail address, zone, language, token version); the footer's About links are plain
 * links to documents without scripts, not React Router links.
 */
describe("the signed-in shell's fixed part (decision 199)", () => {
  // One sign-in for both checks: the password hash is the slow part on a loaded machine.
  let user: Awaited<ReturnType<typeof createUser>>;
  let html = "";
  beforeAll(async () => {
    user = await createUser({ name: "Hana Hydration" });
    const browser = await browserFor(user);
    html = await (await browser.get("/communities/create")).text();
  }, 60_000);

  it("carries the viewer's id, name and avatar in the hydration data, and nothing else of the account", () => {
    const data = html.match(/streamController\.enqueue\(([\s\S]*?)\);?<\/script>/)?.[1] ?? "";
    expect(data).toContain("Hana Hydration");
    expect(data).toContain(String.raw`\"avatar\"`);
    expect(data).not.toContain(user.email);
    expect(data).not.toContain("tokenVersion");
    expect(data).not.toContain(String.raw`\"email\"`);
    // The header still shows who is signed in.
    expect(html).toContain('aria-label="Hana Hydration"');
  });

  it("links the About pages from the footer as plain links", () => {
    const footer = html.match(/<footer[\s\S]*?<\/footer>/)?.[0] ?? "";
    for (const path of ["/about", "/about/aup", "/about/privacy", "/about/terms", "/about/contact"]) {
      expect(footer).toContain(`<a href="${path}">`);
    }
    expect(footer).not.toContain("data-discover");
  });

  it("names few script files, each once: the browser's chunks are grouped by page (decision 202)", () => {
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(preloads).size).toBe(preloads.length);
    // Rolldown's own split named 42 here; grouped by the pages that load them, 17; 16 once a
    // resource route is no page (decision 227).
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.length).toBeLessThanOrEqual(20);
    // The notices every page shows ride in the shell: only resource routes, which render nothing,
    // kept them in a chunk of their own (decision 227).
    expect(preloads.filter((href) => /\/toasts-/.test(href ?? ""))).toEqual([]);
    // The route manifest in the page lists the root's imports: the client entry's vendor code and the shell.
    const rootImports = html.match(/"root": \{[\s\S]*?"imports": \[([\s\S]*?)\]/)?.[1] ?? "";
    expect(rootImports.match(/\/assets\//g)?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it("draws the logo's mark and the header's icons by CSS and sends no indicator only scripts show (decision 227)", () => {
    const shell = html.slice(0, html.indexOf("<main"));
    expect(shell).toContain('<a class="logo" aria-label="Home" href="/"');
    expect(html).not.toContain("<svg");
    // The menu button, the bell and the conversations' trigger: an icon class each, no element.
    expect(shell).toMatch(
      /<label for="sidebar-toggle" class="icon-button sidebar-toggle-button with-icon i-menu" title="Toggle sidebar"><\/label>/,
    );
    expect(shell).toContain('class="menu-trigger with-icon i-bell"');
    expect(shell).not.toContain('<span class="icon ');
    // The progress bar and the spinner are made by scripts when first needed (tested in shell-links.spec.ts).
    expect(html).not.toContain("navigation-progress");
    expect(html).not.toContain("spinner-overlay");
  });
});

describe("the sign-in page's shell (decision 227)", () => {
  it("links the About pages as plain links and draws the logo by CSS", async () => {
    const html = await (await fetchApp("/login")).text();
    const footer = html.match(/<nav class="login-footer"[\s\S]*?<\/nav>/)?.[0] ?? "";
    for (const path of ["/about", "/about/privacy", "/about/terms", "/about/contact"]) {
      expect(footer).toContain(`<a href="${path}">`);
    }
    expect(footer).not.toContain("data-discover");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("navigation-progress");
  });
});
