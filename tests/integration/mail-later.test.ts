import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, fetchApp, postForm } from "./helpers";
import { newcomer, postFrom, registrationFields } from "./registration-support";
import { browserFor } from "./settings-support";

/**
 * Mail goes after the response (decision 069). This file's Worker mails through the HTTP
 * transport to a provider the test plays: the Worker runs in the tests' isolate, so the global
 * fetch answers for it (as in fake-idp.ts), and each test file has an isolate, and so a
 * configuration, of its own: set before the first request reads it.
 */
Object.assign(env, {
  MAIL_TRANSPORT: "http",
  MAIL_HTTP_URL: "https://mail.test/send",
  MAIL_HTTP_TOKEN: "test-mail-token",
});

/** The provider's log of recipients, and how it answers the next mail. */
const sent: string[] = [];
let answer: () => Promise<Response> = async () => new Response(null, { status: 202 });
const realFetch = globalThis.fetch;

function playProvider(next: () => Promise<Response>) {
  answer = next;
}

// Installed once for the file: the Worker keeps the transport (and the fetch it was given).
beforeAll(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== "https://mail.test/send") return realFetch(input, init);
    sent.push(((await request.json()) as { to: string }).to);
    return answer();
  });
});

/** The response, or "still waiting" if it takes longer than `ms`. */
function within<T>(ms: number, promise: Promise<T>) {
  return Promise.race([
    promise,
    new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms)),
  ]);
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The first request loads the whole bundle; on a busy machine that alone can take seconds.
beforeAll(() => fetchApp("/about"), 30_000);

describe("mail leaves after the response (decision 069)", { timeout: 40_000 }, () => {
  it("a provider that has not answered yet does not hold up the page", async () => {
    let release: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => {
      release = resolve;
    });
    playProvider(() => answered);
    const email = `slow-${Date.now().toString(36)}@example.test`;

    // Never answered before decision 069; 15 s is only a bound for a busy machine.
    const response = await within(
      15_000,
      postForm("/about/contact", { name: "Jo Slow", email, topic: "general", message: "Is the mail slow?" }),
    );
    expect(response).not.toBe("still waiting");
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/about/contact");

    // The mail was handed over all the same, and finishes once the provider answers.
    await until(() => sent.includes(email), "the mail to reach the provider");
    release(new Response(null, { status: 202 }));
  });

  it("a failing provider leaves registration and the email change answering as usual, and is retried", async () => {
    playProvider(async () => new Response("provider down", { status: 500 }));
    // Each failed attempt is a warning; the queue tries again later (decision 165).
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});

    const person = newcomer("failmail");
    const registered = await postFrom(person.address, "/login/registeremail", registrationFields(person));
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe(`/login/registeremail?sent=${encodeURIComponent(person.email)}`);
    expect((await fetchApp(registered.headers.get("Location")!)).status).toBe(200);

    const user = await createUser();
    const browser = await browserFor(user);
    const address = `failmail-${Date.now().toString(36)}@example.test`;
    const changed = await browser.post("/profile/settings", {
      intent: "email",
      email: address,
      currentPassword: user.password,
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/profile/settings");

    await until(() => sent.includes(address) && sent.includes(person.email), "both mails");
    const failures = () => warnings.mock.calls.filter((call) => String(call[0]).startsWith("queue: mail "));
    await until(() => failures().length >= 2, "both failures to be logged");
    expect(failures().map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/^queue: mail [\w-]+ failed \(attempt 1 of 6\)$/),
      expect.stringMatching(/^queue: mail [\w-]+ failed \(attempt 1 of 6\)$/),
    ]);
    expect(
      failures()
        .map((call) => (call[1] as Error).message)
        .sort(),
    ).toEqual([
      expect.stringMatching(/^activate mail to user \d+: mail failed$/),
      expect.stringMatching(/^email change for user \d+: confirmation: mail failed$/),
    ]);
    // The provider is back before the queue's retry: the retried mails get through.
    playProvider(async () => new Response(null, { status: 202 }));
    warnings.mockRestore();
  });
});
