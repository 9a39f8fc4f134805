import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { NOT_FORMS } from "./bad-input-support";
import { createUser, fetchApp, signIn } from "./helpers";

/**
 * Bodies that are not forms, at every form action, and bodies that are not the JSON asked for,
 * at every JSON endpoint: each is the sender's mistake, a 4xx, never a 5xx
 * (readFormData, readJsonBody; docs/decisions/026-forms-with-zod.md).
 */
const FORM_ACTIONS = [
  "/theme",
  "/login",
  "/login/signin",
  "/login/registeremail",
  "/login/activate",
  "/login/resetpassword",
  "/about/contact",
  "/notifications/markallread",
  "/notifications/n-1/open",
  "/profile/settings",
  "/users/1/friend",
];

describe("form actions refuse bodies that are not forms", () => {
  it("answers 400 or 415, signed in and signed out, never a 5xx", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    for (const path of FORM_ACTIONS) {
      for (const [kind, headers, body] of NOT_FORMS) {
        for (const session of [cookie, undefined]) {
          const response = await fetchApp(path, {
            method: "POST",
            headers: { ...headers, ...(session ? { Cookie: session } : {}) },
            body,
          });
          const label = `${path} with ${kind} ${session ? "signed in" : "signed out"}: ${response.status}`;
          expect(response.status < 500, label).toBe(true);
          // Signed-in pages send guests to sign in first; everything else refuses the body.
          if (response.status !== 302) expect([400, 415], label).toContain(response.status);
        }
      }
    }
  }, 60_000);

  it("answers the friend form's unknown intent with the page's form error, not a bare 400", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const cookie = await signIn(user.email, user.password);
    const response = await fetchApp(`/users/${other.id}/friend`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: "intent=hug",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('class="form-error"');
    expect(html).toContain(`href="/users/${other.id}"`);
  });
});

const JSON_ENDPOINTS = [
  "/api/v2/auth/login",
  "/api/v2/auth/logout",
  "/api/v2/auth/refresh",
  "/api/v2/auth/googleverify",
  "/api/v2/auth/appleverify",
  "/api/v1/user/1/friend",
];

const BAD_JSON: [string, string][] = [
  ["malformed JSON", "{not json"],
  ["an array", "[1,2]"],
  ["a string", '"hello"'],
  ["wrong types", '{"identifier":5,"password":[],"refreshToken":7,"idToken":{},"authorization":"x"}'],
];

describe("JSON endpoints refuse bodies that are not their JSON", () => {
  it("answers 4xx with {error: {code, message}}, never a 5xx", async () => {
    const user = await createUser();
    const { token } = await issueTokens(user.id);
    for (const path of JSON_ENDPOINTS) {
      for (const [kind, body] of BAD_JSON) {
        const response = await fetchApp(path, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body,
        });
        const label = `${path} with ${kind}: ${response.status}`;
        // 503: an unconfigured provider, before the body matters; DESIGN §7: optional integrations are off until configured.
        expect(response.status >= 400 && (response.status < 500 || response.status === 503), label).toBe(true);
        const answer = (await response.json()) as { error?: { code?: string; message?: string } };
        expect(typeof answer.error?.code, label).toBe("string");
        expect(typeof answer.error?.message, label).toBe("string");
      }
    }
  });

  it("names the field and its message for a body of the wrong shape", async () => {
    const response = await fetchApp("/api/v2/auth/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"refreshToken":7}',
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(error.code).toBe("invalid_request");
    expect(error.fields.refreshToken?.length).toBeGreaterThan(0);
  });

  it("refuses a bad cursor or limit on the notifications list with the field's message", async () => {
    const user = await createUser();
    const { token } = await issueTokens(user.id);
    for (const query of ["cursor=%%%", "limit=0", "limit=abc", "limit=100000"]) {
      const response = await fetchApp(`/api/v1/notifications?${query}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status, query).toBe(400);
      const { error } = (await response.json()) as { error: { fields: Record<string, string[]> } };
      expect(Object.keys(error.fields).length, query).toBeGreaterThan(0);
    }
  });
});
