import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { changeInvite, getInvitePage, JOIN_TRY_LIMIT, joinWithSecret } from "~/server/invitations/invites.server";
import {
  CODE_ALPHABET,
  newInviteToken,
  newJoinCode,
  normalizeCode,
  sameSecret,
} from "~/server/invitations/secrets.server";
import { actorOf, cast, membershipRow } from "./communities-support";
import { CookieJar } from "./cookie-jar";
import { createUser, fetchApp } from "./helpers";
import { mailedToken, newcomer, postFrom, registrationFields } from "./registration-support";
import { browserFor, pageText } from "./settings-support";

const address = () => `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random()}`;

async function codeOf(ownerId: number, communityId: number) {
  const page = await getInvitePage(ownerId, communityId);
  if (page.status !== "ok" || !page.invite) throw new Error("no invite");
  return page.invite;
}

describe("join codes and tokens", () => {
  it("are random, unambiguous and unique", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newJoinCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/);
      expect(code).not.toMatch(/[01OI]/);
    }
    // Every letter of the alphabet turns up, in roughly equal shares (no bias of `% 32`).
    const counts = new Map<string, number>();
    for (const code of codes)
      for (const letter of code.replace("-", "")) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(CODE_ALPHABET.length);
    for (const count of counts.values()) expect(count).toBeGreaterThan(12_000 / 32 / 2);
    const tokens = new Set(Array.from({ length: 500 }, () => newInviteToken()));
    expect(tokens.size).toBe(500);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("read what people type and compare in constant time", () => {
    expect(normalizeCode(" k7p q4m ")).toBe("K7P-Q4M");
    expect(normalizeCode("K7P-Q4")).toBeNull();
    expect(normalizeCode("O7P-Q4M")).toBeNull();
    expect(sameSecret("K7P-Q4M", "K7P-Q4M")).toBe(true);
    expect(sameSecret("K7P-Q4M", "K7P-Q4N")).toBe(false);
    expect(sameSecret("K7P-Q4M", "K7P-Q4")).toBe(false);
    // The comparison is workerd's timingSafeEqual: equal-length inputs that differ in the first
    // or the last byte take the same path (no early exit to time).
    expect(typeof (crypto.subtle as unknown as { timingSafeEqual: unknown }).timingSafeEqual).toBe("function");
  });
});

describe("joining with a code or a link", () => {
  it("joins an invitation-only community and counts the method; managers only turn codes on", async () => {
    const { owner, member, stranger, community } = await cast({ joinPolicy: "invite" });
    expect(await changeInvite(await actorOf(member.id), community.id, { intent: "on" })).toBe(false);
    expect(await changeInvite(await actorOf(owner.id), community.id, { intent: "on" })).toBe(true);
    const invite = await codeOf(owner.id, community.id);
    const joined = await joinWithSecret(await actorOf(stranger.id), { code: invite.code.toLowerCase() }, address());
    expect(joined).toEqual({ status: "joined", communityId: community.id, name: expect.any(String) });
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("active");
    const viaLink = await createUser();
    const linked = await joinWithSecret(await actorOf(viaLink.id), { token: invite.token }, address());
    expect(linked.status).toBe("joined");
    const page = await getInvitePage(owner.id, community.id);
    expect(page.status === "ok" && page.joins).toEqual({ code: 1, link: 1, email: 0 });
    expect((await getInvitePage(member.id, community.id)).status).toBe("forbidden");
  });

  it("a by-request community is joined at once, a pending request becomes a membership", async () => {
    const { owner, stranger, community } = await cast({ joinPolicy: "request" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const { code } = await codeOf(owner.id, community.id);
    expect((await joinWithSecret(await actorOf(stranger.id), { code }, address())).status).toBe("joined");
    expect((await membershipRow(community.id, stranger.id))?.status).toBe("active");
  });

  it("a rotated, expired or turned-off code never joins, and says the same as a code that never existed", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    const manager = await actorOf(owner.id);
    await changeInvite(manager, community.id, { intent: "on" });
    const old = await codeOf(owner.id, community.id);
    await changeInvite(manager, community.id, { intent: "rotate" });
    const fresh = await codeOf(owner.id, community.id);
    expect(fresh.code).not.toBe(old.code);
    expect(fresh.token).not.toBe(old.token);
    const late = await createUser();
    const lateActor = await actorOf(late.id);
    expect(await joinWithSecret(lateActor, { code: old.code }, address())).toEqual({ status: "wrong" });
    expect(await joinWithSecret(lateActor, { token: old.token }, address())).toEqual({ status: "wrong" });
    expect(await joinWithSecret(lateActor, { code: "ZZZ-ZZZ" }, address())).toEqual({ status: "wrong" });
    await changeInvite(manager, community.id, { intent: "expiry", expiresAt: Date.now() - 1000 });
    expect(await joinWithSecret(lateActor, { code: fresh.code }, address())).toEqual({ status: "wrong" });
    await changeInvite(manager, community.id, { intent: "expiry", expiresAt: null });
    await changeInvite(manager, community.id, { intent: "off" });
    expect(await joinWithSecret(lateActor, { token: fresh.token }, address())).toEqual({ status: "wrong" });
    expect(await membershipRow(community.id, late.id)).toBeNull();
    await changeInvite(manager, community.id, { intent: "on" });
    expect((await joinWithSecret(lateActor, { code: fresh.code }, address())).status).toBe("joined");
  });

  it("limits wrong tries per address and per account, even for a right code after the limit", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const { code } = await codeOf(owner.id, community.id);
    // Per address: different accounts from one address.
    const shared = address();
    for (let i = 0; i < JOIN_TRY_LIMIT.limit; i += 1) {
      const someone = await actorOf((await createUser()).id);
      expect((await joinWithSecret(someone, { code: "ZZZ-ZZ2" }, shared)).status).toBe("wrong");
    }
    const next = await actorOf((await createUser()).id);
    expect((await joinWithSecret(next, { code }, shared)).status).toBe("limited");
    expect(await membershipRow(community.id, next.id)).toBeNull();
    expect((await joinWithSecret(next, { code }, address())).status).toBe("joined");
    // Per account: one account from many addresses.
    const guesser = await actorOf((await createUser()).id);
    for (let i = 0; i < JOIN_TRY_LIMIT.limit; i += 1) {
      expect((await joinWithSecret(guesser, { code: "ZZZ-ZZ3" }, address())).status).toBe("wrong");
    }
    const refused = await joinWithSecret(guesser, { code }, address());
    expect(refused.status).toBe("limited");
    expect(refused.status === "limited" && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await membershipRow(community.id, guesser.id)).toBeNull();
  });
});

describe("the pages and the API", () => {
  it("a manager turns the code on, sees the sheet with a QR; a member enters the code at /join", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite", name: "Room 12 Families" } as never);
    const browser = await browserFor(owner);
    const on = await browser.post(`/communities/${community.id}/manage/invite`, { intent: "on" });
    expect(on.status).toBe(302);
    const html = await (await browser.get(`/communities/${community.id}/manage/invite`)).text();
    const { code, token } = await codeOf(owner.id, community.id);
    expect(html).toContain(code);
    expect(html).toContain(`/join/${token}`);
    expect(html).toContain('src="data:image/svg+xml;base64,');
    const every = await (await browser.get(`/communities/${community.id}/manage/invite?languages=all`)).text();
    expect(every).toContain('lang="es"');
    expect(every).toContain('dir="rtl"');
    const parent = await createUser();
    const parentBrowser = await browserFor(parent);
    const wrong = await parentBrowser.post("/join", { code: "ZZZ-ZZ4" });
    expect(await pageText(wrong)).toContain("That code did not work. Check it and try again.");
    const joined = await parentBrowser.post("/join", { code });
    expect(joined.status).toBe(302);
    // Next, the child among the roster's students (decision 174); without any, on to the community.
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}/child`);
    const onward = await parentBrowser.get(`/communities/${community.id}/child`);
    expect(onward.headers.get("Location")).toBe(`/communities/${community.id}`);
    expect((await membershipRow(community.id, parent.id))?.status).toBe("active");
    const outsider = await browserFor(await createUser());
    expect((await outsider.get(`/communities/${community.id}/manage/invite`)).status).toBe(403);
  });
});

describe("a guest with an invitation link", () => {
  it("registers, activates, signs in and lands back on the link, then joins", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const { token } = await codeOf(owner.id, community.id);
    const jar = new CookieJar();
    const invitation = jar.update(await fetchApp(`/join/${token}`));
    expect(invitation.status).toBe(200);
    const text = await pageText(invitation);
    expect(text).toContain("Create an account or sign in, and you will come back here to join.");
    const person = newcomer("invitee");
    const registered = jar.update(
      await postFrom(person.address, "/login/registeremail", registrationFields(person), jar.header()),
    );
    expect(registered.status).toBe(302);
    const { token: activation } = await mailedToken(person.email, "/login/activate");
    jar.update(await fetchApp(`/login/activate?token=${activation}`, { headers: { Cookie: jar.header() } }));
    const signedIn = jar.update(
      await postFrom(person.address, "/login", { identifier: person.email, password: person.password }, jar.header()),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe(`/join/${token}`);
    const joined = await postFrom(person.address, `/join/${token}`, {}, jar.header());
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/communities/${community.id}/child`);
  });
});

describe("POST /api/v1/communities/join", () => {
  it("joins by code and answers a wrong code with 404 invalid_code", async () => {
    const { owner, community } = await cast({ joinPolicy: "invite" });
    await changeInvite(await actorOf(owner.id), community.id, { intent: "on" });
    const { code } = await codeOf(owner.id, community.id);
    const parent = await createUser();
    const { token: accessToken } = await issueTokens(parent.id);
    const call = (body: unknown) =>
      fetchApp("/api/v1/communities/join", {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const wrong = await call({ code: "ZZZ-ZZ5" });
    expect(wrong.status).toBe(404);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("invalid_code");
    const joined = await call({ code });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ status: "joined", id: community.id });
    expect((await membershipRow(community.id, parent.id))?.status).toBe("active");
  });
});
