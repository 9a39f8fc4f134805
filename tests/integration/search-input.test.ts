import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { ownerWithPostAndGroup } from "./chat-support";
import { makeCommunity } from "./communities-support";
import { createUser, fetchApp, signIn } from "./helpers";

/**
 * Issue 22 item 3 (decision 113): every search box takes at most 100 characters of any kind, with
 * `%`, `_` and emoji as plain text; D1 refuses LIKE patterns over 50 bytes, which answered 500.
 * A query over the limit is a clear message on the page and a 400 on the API, never a 5xx.
 */
const TOO_LONG = "Search text can be at most 100 characters.";

/** 200 characters of each kind, and the inputs the probe found (49 x, 25 %, 13 emoji, "a " + 60 x). */
const HOSTILE = [
  "x".repeat(200),
  "%".repeat(200),
  "_".repeat(200),
  "😀".repeat(200),
  "x".repeat(49),
  "%".repeat(25),
  "😀".repeat(13),
  `a ${"x".repeat(60)}`,
  "%".repeat(100),
  "_%\\".repeat(33),
  "😀".repeat(100),
];

const tooLong = (q: string) => [...q].length > 100;

async function pages() {
  const { owner, friend, community, group } = await ownerWithPostAndGroup();
  const stranger = await createUser();
  return {
    owner,
    friend,
    community,
    group,
    ownerCookie: await signIn(owner.email, owner.password),
    strangerCookie: await signIn(stranger.email, stranger.password),
  };
}

describe("search inputs", { timeout: 120_000 }, () => {
  it("answer long and wildcard text on every search page with 200 and no 5xx, and say when it is too long", async () => {
    const { ownerCookie, group } = await pages();
    const searches = [
      "/profile/friends",
      "/chat/new",
      `/chat/${group.conversationId}/group`,
      "/communities/search",
      "/schools",
      "/schools/browse",
    ];
    for (const path of searches) {
      for (const q of HOSTILE) {
        const response = await fetchApp(`${path}?q=${encodeURIComponent(q)}`, { headers: { Cookie: ownerCookie } });
        const label = `${path}?q=${q.slice(0, 12)}… (${[...q].length}): ${response.status}`;
        expect(response.status, label).toBe(200);
        const html = await response.text();
        // /schools/browse has no search box: it ignores q.
        if (path !== "/schools/browse") expect(html.includes(TOO_LONG), label).toBe(tooLong(q));
      }
    }
  });

  it("finds people and communities by text with % and _ in it, as plain characters", async () => {
    const owner = await createUser({ name: "Percy 100%_Sure" });
    const viewer = await createUser();
    const cookie = await signIn(viewer.email, viewer.password);
    const found = await fetchApp(`/profile/friends?q=${encodeURIComponent("100%_s")}`, { headers: { Cookie: cookie } });
    expect(await found.text()).toContain("Percy 100%_Sure");
    const none = await fetchApp(`/profile/friends?q=${encodeURIComponent("1%0")}`, { headers: { Cookie: cookie } });
    expect(await none.text()).not.toContain("Percy 100%_Sure");
    const name = `Club ${"y".repeat(60)}_%`;
    await makeCommunity(owner.id, { name });
    const page = await fetchApp(`/communities/search?q=${encodeURIComponent(`a ${"y".repeat(60)}_%`)}`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    // "a" must be found too: both words are in the name ("Club" has none, so this finds nothing)…
    expect(await page.text()).not.toContain(name);
    const both = await fetchApp(`/communities/search?q=${encodeURIComponent(`ub ${"y".repeat(60)}_%`)}`, {
      headers: { Cookie: cookie },
    });
    expect(await both.text()).toContain(name);
  });

  it("keeps a group's page 404 for a non-member whatever the query", async () => {
    const { strangerCookie, group } = await pages();
    for (const q of ["", ...HOSTILE]) {
      const response = await fetchApp(`/chat/${group.conversationId}/group?q=${encodeURIComponent(q)}`, {
        headers: { Cookie: strangerCookie },
      });
      expect(response.status, q.slice(0, 12)).toBe(404);
    }
  });

  it("answers the API's community search with JSON: 200, or 400 naming q when too long", async () => {
    const user = await createUser();
    const { token } = await issueTokens(user.id);
    for (const q of HOSTILE) {
      const response = await fetchApp(`/api/v1/communities/search?q=${encodeURIComponent(q)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const label = `${q.slice(0, 12)}… (${[...q].length}): ${response.status}`;
      expect(response.headers.get("Content-Type"), label).toContain("application/json");
      const body = (await response.json()) as { data?: unknown[]; error?: { code: string; fields: { q: string[] } } };
      if (tooLong(q)) {
        expect(response.status, label).toBe(400);
        expect(body.error?.code, label).toBe("invalid_request");
        expect(body.error?.fields.q, label).toEqual([TOO_LONG]);
      } else {
        expect(response.status, label).toBe(200);
        expect(body.data, label).toEqual([]);
      }
    }
  });
});
