import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { issueTokens, rotateRefreshToken } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { listNewsfeed } from "~/server/feed/newsfeed.server";
import { createUser } from "./helpers";
import { browserFor, pageText } from "./settings-support";

const db = () => getDb();
const userRow = (id: number) => db().query.users.findFirst({ where: eq(schema.users.id, id) });

/** A community both users belong to, with a post and a comment by the author. */
async function shareCommunity(authorId: number, readerId: number) {
  const [community] = await db()
    .insert(schema.communities)
    .values({ slug: `c-${authorId}-${readerId}`, name: "Shared Club", category: "club", ownerId: authorId })
    .returning();
  await db()
    .insert(schema.communityMembers)
    .values([
      { communityId: community!.id, userId: authorId, role: "owner", status: "active" },
      { communityId: community!.id, userId: readerId, role: "member", status: "active" },
    ]);
  const [post] = await db()
    .insert(schema.posts)
    .values({ communityId: community!.id, authorId, body: `A post that outlives its author ${authorId}` })
    .returning();
  await db().insert(schema.comments).values({ postId: post!.id, authorId, body: "And a comment." });
  return { community: community!, post: post! };
}

describe("deleting the account", () => {
  it("asks for the password and deletes nothing when it is wrong", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const missing = await browser.post("/profile/settings", { intent: "delete", password: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter your current password.");
    const wrong = await browser.post("/profile/settings", { intent: "delete", password: "not it" });
    expect(wrong.status).toBe(403);
    const html = await wrong.text();
    expect(html).toContain("That is not your current password.");
    expect(html).toMatch(/id="delete-password"[^>]*aria-invalid="true"/);
    expect((await userRow(user.id))?.deletedAt).toBeNull();
  });

  it("removes personal data, keeps what others read, signs out and says goodbye", async () => {
    const user = await createUser({ avatar: "avatars/someone.png" });
    const reader = await createUser();
    const { community, post } = await shareCommunity(user.id, reader.id);
    await db()
      .insert(schema.oauthAccounts)
      .values({ provider: "google", subject: `sub-${user.id}`, userId: user.id });
    await db()
      .insert(schema.friendships)
      .values({ requesterId: reader.id, addresseeId: user.id, status: "accepted", acceptedAt: Date.now() });
    await db()
      .insert(schema.notifications)
      .values({ oid: `n-${user.id}`, userId: user.id, title: "Hello", url: "http://localhost/newsfeed" });
    await db()
      .insert(schema.emailTokens)
      .values({ purpose: "reset", hash: `h-${user.id}`, userId: user.id, expiresAt: Date.now() + 60_000 });
    const otherDevice = await issueTokens(user.id);
    const browser = await browserFor(user);

    const deleted = await browser.post("/profile/settings", { intent: "delete", password: user.password });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(await pageText(await browser.get("/"))).toContain("Your account has been deleted.");
    const signedOut = await browser.get("/profile/settings");
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fsettings");

    const row = await userRow(user.id);
    expect(row).toMatchObject({
      name: "",
      email: `deleted-${user.id}@invalid`,
      username: null,
      passwordHash: null,
      avatar: "default",
      emailVerifiedAt: null,
    });
    expect(row?.deletedAt).toBeGreaterThan(0);
    const byUser = async <T>(rows: Promise<T[]>) => (await rows).length;
    const s = schema;
    expect(await byUser(db().select().from(s.oauthAccounts).where(eq(s.oauthAccounts.userId, user.id)))).toBe(0);
    expect(await byUser(db().select().from(s.emailTokens).where(eq(s.emailTokens.userId, user.id)))).toBe(0);
    expect(await byUser(db().select().from(s.refreshTokens).where(eq(s.refreshTokens.userId, user.id)))).toBe(0);
    expect(await byUser(db().select().from(s.notifications).where(eq(s.notifications.userId, user.id)))).toBe(0);
    expect(await byUser(db().select().from(s.communityMembers).where(eq(s.communityMembers.userId, user.id)))).toBe(0);
    expect(
      await byUser(
        db()
          .select()
          .from(s.friendships)
          .where(or(eq(s.friendships.requesterId, user.id), eq(s.friendships.addresseeId, user.id))),
      ),
    ).toBe(0);

    // What others can read stays, without an author: "Unknown User" (SPEC §2).
    const keptPost = await db().query.posts.findFirst({ where: eq(s.posts.id, post.id) });
    expect(keptPost).toMatchObject({ body: post.body, authorId: null });
    const keptComment = await db().query.comments.findFirst({ where: eq(s.comments.postId, post.id) });
    expect(keptComment).toMatchObject({ body: "And a comment.", authorId: null });
    expect((await db().query.communities.findFirst({ where: eq(s.communities.id, community.id) }))?.ownerId).toBeNull();
    const readerBrowser = await browserFor(reader);
    const feed = await pageText(await readerBrowser.get("/newsfeed"));
    expect(feed).toContain(post.body);
    expect(feed).toContain("Unknown User");

    // No way back in: not with the password, not with a token from another device.
    expect((await signInWithPassword({ identifier: user.email, password: user.password, address: "t" })).status).toBe(
      "invalid",
    );
    expect(await rotateRefreshToken(otherDevice.refreshToken)).toEqual({ status: "refused" });
  });

  it("asks an account without a password to type DELETE", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await db().update(schema.users).set({ passwordHash: null }).where(eq(schema.users.id, user.id));
    expect(await pageText(await browser.get("/profile/settings"))).toContain("Type DELETE to confirm");

    const lower = await browser.post("/profile/settings", { intent: "delete", confirmation: "delete" });
    expect(lower.status).toBe(400);
    expect(await lower.text()).toContain("Type DELETE in capitals to confirm.");
    expect((await userRow(user.id))?.deletedAt).toBeNull();

    const confirmed = await browser.post("/profile/settings", { intent: "delete", confirmation: "DELETE" });
    expect(confirmed.status).toBe(302);
    expect((await userRow(user.id))?.deletedAt).toBeGreaterThan(0);
  });

  it("deletes only the signed-in account, whatever id the form carries", async () => {
    const victim = await createUser();
    const user = await createUser();
    const browser = await browserFor(user);
    await browser.post("/profile/settings", {
      intent: "delete",
      password: user.password,
      userId: String(victim.id),
    });
    expect((await userRow(victim.id))?.deletedAt).toBeNull();
    expect((await userRow(user.id))?.deletedAt).toBeGreaterThan(0);
  });

  it("shows the posts of a deleted author as by Unknown User in the newsfeed", async () => {
    const author = await createUser({ name: "Soon Gone" });
    const reader = await createUser();
    const { post } = await shareCommunity(author.id, reader.id);
    // Even if a post still points at the tombstone, the feed must not show the old row.
    await db().update(schema.users).set({ deletedAt: Date.now() }).where(eq(schema.users.id, author.id));
    const [item] = (await listNewsfeed(reader.id)).filter((entry) => entry.id === post.id);
    expect(item?.author).toBeNull();
  });
});
