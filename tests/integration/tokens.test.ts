import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/server/auth/password.server";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  issueTokens,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_SECONDS,
  revokeRefreshToken,
  rotateRefreshToken,
  verifyAccessToken,
} from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { createUser } from "./helpers";

describe("passwords", () => {
  it("hashes with PBKDF2-SHA256 and a random salt, and verifies only the right password", async () => {
    const first = await hashPassword("a long passphrase");
    const second = await hashPassword("a long passphrase");
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("a long passphrase", first)).toBe(true);
    expect(await verifyPassword("a long passphrasE", first)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "md5$nonsense")).toBe(false);
  });
});

describe("access tokens", () => {
  it("live 300 seconds", async () => {
    const user = await createUser();
    const now = Date.now();
    const { token } = await issueTokens(user.id, now);
    // The claims carry the token version and what the header shows (decision 042).
    expect(await verifyAccessToken(token, now)).toMatchObject({
      status: "valid",
      userId: user.id,
      tokenVersion: 0,
      user: { id: user.id, name: user.name, email: user.email, tokenVersion: 0 },
    });
    expect(await verifyAccessToken(token, now + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)).toMatchObject({
      status: "valid",
      userId: user.id,
    });
    expect(await verifyAccessToken(token, now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)).toEqual({ status: "expired" });
  });

  it("stay verified for this isolate until the second they expire, as jose counts it (decision 110)", async () => {
    const user = await createUser();
    const now = Date.now();
    const { token } = await issueTokens(user.id, now);
    const expiresAt = (Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS) * 1000;
    const first = await verifyAccessToken(token, now);
    // The second answer comes from memory: the same claims, and the expiry still applies.
    const again = await verifyAccessToken(token, now + 1000);
    expect(again).toEqual(first);
    // Shared by the token's later requests: nobody can change it for the next one.
    expect(Object.isFrozen(again)).toBe(true);
    expect(again.status === "valid" && Object.isFrozen(again.user)).toBe(true);
    expect(await verifyAccessToken(token, expiresAt - 1)).toMatchObject({ status: "valid", userId: user.id });
    expect(await verifyAccessToken(token, expiresAt)).toEqual({ status: "expired" });
    // A token first seen at its expiry (another one: issued a second later) is jose's to refuse, alike.
    const later = await issueTokens(user.id, now + 1000);
    expect(later.token).not.toBe(token);
    expect(await verifyAccessToken(later.token, expiresAt + 1000)).toEqual({ status: "expired" });
  });

  it("refuses a tampered token", async () => {
    const user = await createUser();
    const { token } = await issueTokens(user.id);
    const [header, payload, signature] = token.split(".");
    const forged = `${header}.${btoa(JSON.stringify({ sub: "1", iss: "schoolhub", exp: 9e9 })).replace(/=+$/, "")}.${signature}`;
    expect(payload).toBeTruthy();
    expect(await verifyAccessToken(forged)).toEqual({ status: "invalid" });
  });
});

describe("refresh tokens", () => {
  it("rotate on every refresh: the new one works, the old one is spent", async () => {
    const user = await createUser();
    const now = Date.now();
    const first = await issueTokens(user.id, now);
    const second = await rotateRefreshToken(first.refreshToken, now + 1000);
    expect(second.status).toBe("rotated");
    if (second.status !== "rotated") return;
    expect(second.userId).toBe(user.id);
    expect(second.tokens.refreshToken).not.toBe(first.refreshToken);
    const third = await rotateRefreshToken(second.tokens.refreshToken, now + 2000);
    expect(third.status).toBe("rotated");
  });

  it("revoke the whole family when a rotated token is used again after the grace period", async () => {
    const user = await createUser();
    const now = Date.now();
    const first = await issueTokens(user.id, now);
    const second = await rotateRefreshToken(first.refreshToken, now);
    if (second.status !== "rotated") throw new Error("expected rotation");
    const replay = await rotateRefreshToken(first.refreshToken, now + REFRESH_REUSE_GRACE_MS + 1);
    expect(replay).toEqual({ status: "refused" });
    // The legitimate holder's newer token died with the family.
    expect(await rotateRefreshToken(second.tokens.refreshToken, now + REFRESH_REUSE_GRACE_MS + 2)).toEqual({
      status: "refused",
    });
  });

  it("tolerate a concurrent double use within the grace period without revoking", async () => {
    const user = await createUser();
    const now = Date.now();
    const first = await issueTokens(user.id, now);
    const a = await rotateRefreshToken(first.refreshToken, now);
    const b = await rotateRefreshToken(first.refreshToken, now + 500);
    expect(a.status).toBe("rotated");
    expect(b.status).toBe("rotated");
    if (a.status !== "rotated") return;
    expect((await rotateRefreshToken(a.tokens.refreshToken, now + 1000)).status).toBe("rotated");
  });

  it("expire after 30 days", async () => {
    const user = await createUser();
    const now = Date.now();
    const { refreshToken } = await issueTokens(user.id, now);
    expect(await rotateRefreshToken(refreshToken, now + REFRESH_TOKEN_TTL_SECONDS * 1000 + 1)).toEqual({
      status: "refused",
    });
  });

  it("stop working after logout revokes them", async () => {
    const user = await createUser();
    const { refreshToken } = await issueTokens(user.id);
    expect(await revokeRefreshToken(refreshToken)).toBe(user.id);
    expect(await rotateRefreshToken(refreshToken)).toEqual({ status: "refused" });
    expect(await revokeRefreshToken("not-a-token")).toBeNull();
  });

  it("are refused for a deleted account", async () => {
    const user = await createUser();
    const { refreshToken } = await issueTokens(user.id);
    await getDb().update(schema.users).set({ deletedAt: Date.now() }).where(eq(schema.users.id, user.id));
    expect(await rotateRefreshToken(refreshToken)).toEqual({ status: "refused" });
  });
});
