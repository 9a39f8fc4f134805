import { describe, expect, it } from "vitest";
import { detectLocale, localeCookie } from "~/middleware/i18next";
import { commitSession, getSession, sessionStorage, setSignedIn } from "~/server/session/session.server";
import { createUser, signIn } from "./helpers";

/**
 * Decision 218: what every signed-in request read anew, and gave the same answer each time, is
 * read once. The session cookie's header is decoded and its signature checked once per isolate;
 * the language is looked for only as far as the first source that names one. The answers are
 * the ones the uncached reads give (`sessionStorage().getSession`, the full order of sources).
 */
const requestWith = (cookie: string | null, path = "/newsfeed", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: cookie ? { ...headers, Cookie: cookie } : headers });

/** The header with one character of the session cookie's signature changed. */
function tampered(cookie: string) {
  return cookie.replace(
    /(__session=[^;]*?)(.)(;|$)/,
    (_all, head, last, tail) => `${head}${last === "A" ? "B" : "A"}${tail}`,
  );
}

describe("the session cookie, read once per isolate (decision 218)", () => {
  it("gives every request the data the storage decodes, in a session of its own", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const expected = (await sessionStorage().getSession(cookie)).data;
    expect(expected.userId).toBe(user.id);

    const first = await getSession(requestWith(cookie));
    const second = await getSession(requestWith(cookie));
    expect(first.data).toEqual(expected);
    expect(second.data).toEqual(expected);
    expect(second).not.toBe(first);
    // What one request does to its session stays in it.
    first.set("afterSignIn", "/join/abc");
    first.unset("accessToken");
    const third = await getSession(requestWith(cookie));
    expect(third.data).toEqual(expected);
    expect(third.get("afterSignIn")).toBeUndefined();
  });

  it("never accepts a header whose signature does not match, before or after the genuine one", async () => {
    const user = await createUser();
    const cookie = await signIn(user.email, user.password);
    const forged = tampered(cookie);
    expect(forged).not.toBe(cookie);
    expect((await getSession(requestWith(forged))).data).toEqual({});
    expect((await getSession(requestWith(cookie))).get("userId")).toBe(user.id);
    expect((await getSession(requestWith(forged))).data).toEqual({});
    expect((await getSession(requestWith(null))).data).toEqual({});
  });

  it("hands a notice to each request that sends it, as the storage does", async () => {
    const session = await sessionStorage().getSession(null);
    setSignedIn(session, 7, { token: "t", refreshToken: "r" });
    session.flash("toast", { kind: "success", key: "common:saved" });
    const cookie = (await commitSession(session)).split(";")[0] ?? "";
    for (let read = 0; read < 2; read += 1) {
      const again = await getSession(requestWith(cookie));
      expect(again.get("toast")).toEqual({ kind: "success", key: "common:saved" });
      // Read, the notice is gone from this request's session only.
      expect(again.get("toast")).toBeUndefined();
      expect(again.get("userId")).toBe(7);
    }
  });
});

describe("the language, looked for only as far as needed (decision 218)", () => {
  it("keeps SPEC §9's order: ?lng=, the account's, the cookie, Accept-Language, English", async () => {
    const cookie = await localeCookie.serialize("ar");
    const accept = { "Accept-Language": "fr;q=0.9, es-MX;q=0.8" };
    expect(await detectLocale(requestWith(cookie, "/newsfeed?lng=vi", accept), "zh-Hans")).toBe("vi");
    expect(await detectLocale(requestWith(cookie, "/newsfeed", accept), "zh-Hans")).toBe("zh-Hans");
    // A language the app does not have, asked or saved, leaves the choice to the next source.
    expect(await detectLocale(requestWith(cookie, "/newsfeed?lng=xx", accept), "xx")).toBe("ar");
    expect(await detectLocale(requestWith(cookie, "/newsfeed", accept), null)).toBe("ar");
    expect(await detectLocale(requestWith(null, "/newsfeed", accept))).toBe("es");
    expect(await detectLocale(requestWith(null, "/newsfeed", { "Accept-Language": "fr, de;q=0.5" }))).toBe("en");
    expect(await detectLocale(requestWith(null))).toBe("en");
  });
});
