import { describe, expect, it } from "vitest";
import { notificationPath } from "./notification-url";
import { safeRedirectPath } from "./safe-redirect";

// Each of these, followed by a browser as a Location header, could leave the site.
const HOSTILE = [
  "//evil.example",
  "//evil.example/p",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "/%2F/evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%252F%252Fevil.example",
  "/%25%32%46/evil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  " //evil.example",
  "\t//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)//%0A",
  "data:text/html,<script>alert(1)</script>",
  "https://evil.example/",
  "http://evil.example",
  "https:evil.example",
  "evil.example",
  "",
  "/%E0%A4%A",
];

describe("safeRedirectPath (docs/decisions/030-redirect-targets.md)", () => {
  it.each(HOSTILE)("falls back for %j", (target) => {
    expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
  });

  it("falls back for anything that is not a string, and for very long targets", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/");
    expect(safeRedirectPath(`/${"a".repeat(3000)}`)).toBe("/");
  });

  it.each([
    ["/newsfeed", "/newsfeed"],
    ["/users/12?tab=friends#top", "/users/12?tab=friends#top"],
    ["/login?redirectTo=%2Fprofile%2Fsettings", "/login?redirectTo=%2Fprofile%2Fsettings"],
    ["/search?q=a%5Cb%0A", "/search?q=a%5Cb%0A"],
    ["/about/../profile", "/profile"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps the same-site path %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});

describe("notificationPath (SPEC §2)", () => {
  it.each([
    ["https://x.test//evil.example/p", "/"],
    ["https://x.test/\\evil.example", "/"],
    ["https://x.test/%2F%2Fevil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["https://other.example/users/3?x=1#y", "/users/3?x=1#y"],
  ])("opens %j at %j", (url, expected) => {
    expect(notificationPath(url)).toBe(expected);
  });
});
