import { describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { reserveSignInTry, SIGN_IN_LIMITS } from "~/server/auth/sign-in-limits.server";
import { createUser } from "./helpers";

// docs/decisions/034-sign-in-limits.md.
let addresses = 0;
const newAddress = () => `10.8.${Math.floor(Math.random() * 250)}.${++addresses % 250}`;
const FREE = SIGN_IN_LIMITS.freeTries;

describe("sign-in limits per account", () => {
  it("count the email and the username of one account together, from one address", async () => {
    const user = await createUser();
    const address = newAddress();
    const now = Date.now();
    for (let i = 0; i < FREE; i++) {
      const identifier = i % 2 === 0 ? user.email : user.username!.toUpperCase();
      const result = await signInWithPassword({ identifier, password: "wrong", address }, now);
      expect(result.status).toBe("invalid");
    }
    const byUsername = await signInWithPassword({ identifier: user.username!, password: user.password, address }, now);
    expect(byUsername).toEqual({ status: "rate_limited", retryAfterSeconds: SIGN_IN_LIMITS.baseDelayMs / 1000 });
  });

  it("back off exponentially after the free tries, and start over after a success", async () => {
    const user = await createUser();
    const address = newAddress();
    const t0 = Date.now();
    const attempt = (at: number, password = "wrong") =>
      signInWithPassword({ identifier: user.email, password, address }, at);
    for (let i = 0; i < FREE; i++) expect((await attempt(t0)).status).toBe("invalid");
    expect(await attempt(t0 + 1_000)).toEqual({ status: "rate_limited", retryAfterSeconds: 1 });
    expect((await attempt(t0 + 2_000)).status).toBe("invalid");
    expect(await attempt(t0 + 5_000)).toEqual({ status: "rate_limited", retryAfterSeconds: 1 });
    expect((await attempt(t0 + 6_000)).status).toBe("invalid");
    expect((await attempt(t0 + 6_000 + 7_000, user.password)).status).toBe("rate_limited");
    expect((await attempt(t0 + 6_000 + 8_000, user.password)).status).toBe("signed_in");
    // A success starts over: the free tries are back.
    for (let i = 0; i < FREE; i++) expect((await attempt(t0 + 20_000)).status).toBe("invalid");
  });

  it("never check more passwords than the limit when 30 guesses arrive at once from one address", async () => {
    const user = await createUser();
    const address = newAddress();
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInWithPassword({ identifier: i % 2 ? user.email : user.username!, password: `guess ${i}`, address }, now),
      ),
    );
    const checked = results.filter((result) => result.status === "invalid");
    expect(checked).toHaveLength(FREE);
    expect(results.filter((result) => result.status === "rate_limited")).toHaveLength(30 - FREE);
  });
});

/**
 * Issue 22 item 5: five wrong passwords for a public username from one address used to lock the
 * owner out everywhere. Failures now count per account and address pair: the guessing address
 * is slowed, an address that never failed for the account still checks a password.
 */
describe("sign-in limits per account and address", () => {
  it("slow the guessing address while the owner signs in from elsewhere", async () => {
    const user = await createUser();
    const attacker = newAddress();
    const now = Date.now();
    for (let i = 0; i < FREE; i++) {
      const result = await signInWithPassword(
        { identifier: user.username!, password: "wrong", address: attacker },
        now,
      );
      expect(result.status).toBe("invalid");
    }
    // The attacker's next guess waits, even with the right password.
    expect(
      await signInWithPassword({ identifier: user.email, password: user.password, address: attacker }, now),
    ).toEqual({
      status: "rate_limited",
      retryAfterSeconds: SIGN_IN_LIMITS.baseDelayMs / 1000,
    });
    // The owner, from an address that never failed, signs in at once.
    const owner = await signInWithPassword(
      { identifier: user.email, password: user.password, address: newAddress() },
      now,
    );
    expect(owner.status).toBe("signed_in");
    // The owner's success does not lift the attacker's back-off.
    expect(
      (await signInWithPassword({ identifier: user.email, password: "wrong", address: attacker }, now)).status,
    ).toBe("rate_limited");
  });

  it("give a fresh address of an account under attack one try, then slow it at once", async () => {
    const user = await createUser();
    const now = Date.now();
    for (let i = 0; i < FREE; i++) {
      await signInWithPassword({ identifier: user.email, password: "wrong", address: newAddress() }, now);
    }
    const another = newAddress();
    expect(
      (await signInWithPassword({ identifier: user.email, password: "wrong", address: another }, now)).status,
    ).toBe("invalid");
    expect(
      await signInWithPassword({ identifier: user.email, password: user.password, address: another }, now),
    ).toEqual({
      status: "rate_limited",
      retryAfterSeconds: SIGN_IN_LIMITS.baseDelayMs / 1000,
    });
    expect(
      (await signInWithPassword({ identifier: user.email, password: user.password, address: another }, now + 2_000))
        .status,
    ).toBe("signed_in");
  });
});

describe("sign-in limits per address", () => {
  it("do not lock a school behind one address out because one account is being guessed", async () => {
    const school = newAddress();
    const child = await createUser();
    const teacher = await createUser();
    const now = Date.now();
    for (let i = 0; i < FREE + 3; i++) {
      await signInWithPassword({ identifier: child.email, password: "wrong", address: school }, now);
    }
    const result = await signInWithPassword(
      { identifier: teacher.email, password: teacher.password, address: school },
      now,
    );
    expect(result.status).toBe("signed_in");
  });

  it("stop at a much higher ceiling, whatever accounts are tried", async () => {
    const address = newAddress();
    const now = Date.now();
    for (let i = 0; i < SIGN_IN_LIMITS.addressCeiling; i++) {
      expect((await reserveSignInTry(`someone-${i}@example.test`, address, now)).allowed).toBe(true);
    }
    const refused = await reserveSignInTry("one-more@example.test", address, now);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: SIGN_IN_LIMITS.addressWindowMs / 1000 });
    expect(
      (await reserveSignInTry("one-more@example.test", address, now + SIGN_IN_LIMITS.addressWindowMs)).allowed,
    ).toBe(true);
  });
});
