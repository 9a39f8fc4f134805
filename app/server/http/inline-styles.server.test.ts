import { describe, expect, it } from "vitest";
import { themeVariables } from "./inline-styles.server";

// The real themes.css is checked through the built Worker: tests/integration/guest-styles.test.ts.
const THEMES_CSS = `/* a comment { } */
:root,
.theme-d { --accent: #111; --bg: #fff; --text: #000 }
.theme-a { --accent: #0a0; --bg: #efe; }
.theme-h { --accent: #88f; --bg: #000; --text: #fff; color-scheme: dark; }`;

describe("themeVariables: one theme's custom properties for a guest page (decision 090)", () => {
  it("gives the default theme's variables on :root", () => {
    expect(themeVariables(THEMES_CSS, "theme-d")).toBe(":root{--accent:#111;--bg:#fff;--text:#000}");
  });

  it("overrides the default's with a theme's own, each variable once", () => {
    expect(themeVariables(THEMES_CSS, "theme-a")).toBe(":root{--accent:#0a0;--bg:#efe;--text:#000}");
    expect(themeVariables(THEMES_CSS, "theme-h")).toBe(":root{--accent:#88f;--bg:#000;--text:#fff;color-scheme:dark}");
  });

  it("refuses a theme themes.css has no rule for", () => {
    expect(() => themeVariables(THEMES_CSS, "theme-c")).toThrow(/theme-c/);
  });
});
