import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type CaptchaSettings, verifyCaptcha } from "~/server/auth/captcha.server";
import { getDb, schema } from "~/server/db/db.server";
import { createUser, fetchApp } from "./helpers";
import { expectNoMail, waitForMail } from "./outbox-support";
import { newcomer, postFrom, registrationFields } from "./registration-support";

// Captcha is off unless configured (DESIGN §7). Each test file runs in its own isolate, so
// turning it on here, before the app first reads its configuration, touches no other file.
const SITE_KEY = "test-site-key";
const SECRET = "test-captcha-secret";
const VERIFY_URL = "https://captcha.example.test/recaptcha/api/siteverify";
Object.assign(env, { CAPTCHA_SITE_KEY: SITE_KEY, CAPTCHA_SECRET: SECRET, CAPTCHA_VERIFY_URL: VERIFY_URL });

const PASSING = "passing-answer";

/**
 * A fake reCAPTCHA siteverify endpoint: it reads the form post Google reads (secret, response,
 * remoteip) and answers with Google's JSON ({success, "error-codes"}).
 */
type Verification = { secret: string | null; response: string | null; remoteip: string | null };
let verifications: Verification[] = [];
const realFetch = globalThis.fetch;

async function siteverify(request: Request) {
  const form = await request.formData();
  const field = (name: string) => form.get(name) as string | null;
  const received = { secret: field("secret"), response: field("response"), remoteip: field("remoteip") };
  verifications.push(received);
  if (received.secret !== SECRET) return Response.json({ success: false, "error-codes": ["invalid-input-secret"] });
  if (received.response !== PASSING)
    return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
  return Response.json({ success: true, challenge_ts: new Date().toISOString(), hostname: "localhost" });
}

beforeEach(() => {
  verifications = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    return request.url === VERIFY_URL ? siteverify(request) : realFetch(input, init);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const userExists = async (email: string) =>
  (await getDb().query.users.findFirst({ where: sql`lower(${schema.users.email}) = ${email}` })) !== undefined;

describe("the captcha on registration", () => {
  it("shows the reCAPTCHA v2 widget in normal size and loads its script on that page", async () => {
    const html = await (await fetchApp("/login/registeremail")).text();
    expect(html).toContain('class="g-recaptcha"');
    expect(html).toContain(`data-sitekey="${SITE_KEY}"`);
    expect(html).toContain('data-size="normal"');
    expect(html).toContain("https://www.google.com/recaptcha/api.js");
    // The secret never reaches the browser.
    expect(html).not.toContain(SECRET);
    // Pages without a captcha do not load the script.
    expect(await (await fetchApp("/login")).text()).not.toContain("recaptcha/api.js");
  });

  it("registers when the provider accepts the answer; the server sent secret, answer and client address", async () => {
    const person = newcomer("robotno");
    const response = await postFrom(
      "203.0.113.77",
      "/login/registeremail",
      registrationFields(person, { "g-recaptcha-response": PASSING }),
    );
    expect(response.status).toBe(302);
    expect(verifications).toEqual([{ secret: SECRET, response: PASSING, remoteip: "203.0.113.77" }]);
    expect(await userExists(person.email)).toBe(true);
  });

  it("refuses the form at the captcha when the provider rejects the answer, and creates nothing", async () => {
    const person = newcomer("robotyes");
    const response = await postFrom(
      person.address,
      "/login/registeremail",
      registrationFields(person, { "g-recaptcha-response": "forged" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The captcha check did not pass. Try it again.");
    expect(html).toContain(`value="${person.email}"`);
    expect(verifications).toHaveLength(1);
    expect(await userExists(person.email)).toBe(false);
  });

  it("asks for the captcha when it was not solved, without asking the provider", async () => {
    const person = newcomer("unsolved");
    const response = await postFrom(person.address, "/login/registeremail", registrationFields(person));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Confirm that you are not a robot.");
    expect(verifications).toHaveLength(0);
    expect(await userExists(person.email)).toBe(false);
  });
});

describe("the captcha on password reset", () => {
  it("shows the widget on the request form", async () => {
    const html = await (await fetchApp("/login/resetpassword")).text();
    expect(html).toContain(`data-sitekey="${SITE_KEY}"`);
  });

  it("mails the link only when the provider accepts the answer", async () => {
    const user = await createUser();
    const rejected = await postFrom(newcomer().address, "/login/resetpassword", {
      intent: "request",
      email: user.email,
      "g-recaptcha-response": "forged",
    });
    expect(rejected.status).toBe(400);
    expect(await rejected.text()).toContain("The captcha check did not pass.");
    await expectNoMail(user.email);

    const accepted = await postFrom(newcomer().address, "/login/resetpassword", {
      intent: "request",
      email: user.email,
      "g-recaptcha-response": PASSING,
    });
    expect(accepted.status).toBe(302);
    expect(await waitForMail(user.email)).toHaveLength(1);
  });
});

describe("verifying an answer", () => {
  const settings: CaptchaSettings = { siteKey: SITE_KEY, secret: SECRET, verifyUrl: VERIFY_URL };
  const provider =
    (answer: unknown, status = 200) =>
    async () =>
      Response.json(answer, { status });

  it("passes on success and reports the provider's error codes on failure", async () => {
    expect(await verifyCaptcha(settings, { response: "x" }, provider({ success: true }))).toEqual({ ok: true });
    expect(
      await verifyCaptcha(
        settings,
        { response: "x" },
        provider({ success: false, "error-codes": ["timeout-or-duplicate"] }),
      ),
    ).toEqual({ ok: false, reason: "rejected", errorCodes: ["timeout-or-duplicate"] });
  });

  it("fails closed when the provider cannot be reached", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await verifyCaptcha(settings, { response: "x" }, provider({}, 503))).toMatchObject({
      ok: false,
      reason: "unavailable",
    });
    const offline = async () => {
      throw new TypeError("network down");
    };
    expect(await verifyCaptcha(settings, { response: "x" }, offline)).toMatchObject({ reason: "unavailable" });
    expect(warn).toHaveBeenCalled();
  });
});
