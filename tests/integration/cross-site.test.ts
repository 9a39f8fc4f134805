import { describe, expect, it } from "vitest";
import { createUser, fetchApp, signIn } from "./helpers";

// docs/decisions/031-request-hardening.md ("Cross-site posts").
const REFUSED: Record<string, string>[] = [
  { Origin: "null" },
  { Origin: "null", "Sec-Fetch-Site": "same-origin" },
  { Origin: "https://evil.example", "Sec-Fetch-Site": "same-site" },
  { Origin: "https://evil.example", "Sec-Fetch-Site": "none" },
  { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
  { Origin: "https://evil.example" },
  { "Sec-Fetch-Site": "cross-site" },
  { "Sec-Fetch-Site": "same-site" },
];

const FORM_POSTS = [
  ["/theme", "theme=theme-a&redirectTo=/about"],
  ["/notifications/some-oid/open", "returnTo=/newsfeed"],
  ["/notifications/markallread", "confirmed=1"],
  ["/users/1/friend", "intent=send&confirmed=1"],
  ["/login", "identifier=a&password=b"],
  ["/login/register", "email=a@example.test"],
  ["/login/logout", ""],
  ["/profile/settings", "intent=theme&theme=theme-a"],
  ["/about/contact", "email=a@example.test"],
] as const;

describe("cross-site form posts", () => {
  it.each(REFUSED)("are refused with %j on every form post", async (headers) => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    for (const [path, body] of FORM_POSTS) {
      const response = await fetchApp(path, {
        method: "POST",
        headers: { ...headers, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      // 403 from our check; React Router itself answers 400 first for a page's foreign Origin.
      expect([400, 403], `${path} with ${JSON.stringify(headers)}`).toContain(response.status);
    }
  });

  it("are accepted from this origin", async () => {
    const sameOrigin: Record<string, string>[] = [{ Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" }, {}];
    for (const headers of sameOrigin) {
      const response = await fetchApp("/theme", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "theme=theme-a&redirectTo=/about",
      });
      expect(response.status).toBe(302);
    }
  });
});
