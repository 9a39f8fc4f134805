import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";
import { cast } from "./communities-support";
import { createUser, fetchApp, signIn } from "./helpers";
import { pngBomb, pngClaimingSize } from "./image-fixtures";
import { postWithImages, sizedPng, type Upload } from "./post-images-support";
import { browserFor, pageText } from "./settings-support";

/**
 * Issue 22 item 4 (decision 114): an image whose header says more than 40 megapixels, or a side
 * over 8,000 pixels, is refused from its header before anything decodes it, on all three upload
 * paths, with the same answer as a file over the byte limit (413 and the field's message).
 */
let bombs: { name: string; upload: Upload }[] | undefined;
async function imageBombs() {
  bombs ??= [
    {
      name: "a 48 KB 1-bit PNG of 20000 × 20000",
      upload: { bytes: await pngBomb(), name: "bomb.png", type: "image/png" },
    },
    {
      name: "a 74-byte PNG claiming 60000 × 60000",
      upload: { bytes: pngClaimingSize(), name: "h.png", type: "image/png" },
    },
    { name: "a PNG of 8001 × 10", upload: { bytes: sizedPng(8001, 10), name: "wide.png", type: "image/png" } },
    { name: "a PNG of 7000 × 7000", upload: { bytes: sizedPng(7000, 7000), name: "big.png", type: "image/png" } },
  ];
  return bombs;
}

describe("image bombs", { timeout: 60_000 }, () => {
  it("are what the test says they are", async () => {
    const [bomb, header] = await imageBombs();
    expect(bomb!.upload.bytes.length).toBeLessThan(64 * 1024);
    expect(new DataView(bomb!.upload.bytes.buffer).getUint32(16)).toBe(20_000);
    expect(header!.upload.bytes.length).toBe(74);
    expect(new DataView(header!.upload.bytes.buffer).getUint32(20)).toBe(60_000);
  });

  it("are refused as a post's photo, on the page and the API, and nothing is stored", async () => {
    const { owner, community } = await cast();
    const cookie = await signIn(owner.email, owner.password);
    const { token } = await issueTokens(owner.id);
    for (const { name, upload } of await imageBombs()) {
      const page = await postWithImages(cookie, { body: `bomb ${name}`, communityId: String(community.id) }, [upload]);
      expect(page.status, name).toBe(413);
      expect(await pageText(page), name).toContain("Each photo must be at most 8 MB and 40 megapixels.");
      const form = new FormData();
      form.set("communityId", String(community.id));
      form.set("body", `bomb ${name}`);
      form.append("images", new File([upload.bytes], upload.name, { type: "image/png" }));
      const answer = await fetchApp("/api/v1/posts", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status, name).toBe(413);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect(error.code, name).toBe("too_large");
      expect(error.message, name).toBe("Each photo must be at most 8 MB and 40 megapixels.");
    }
    const posts = await getDb().select().from(schema.posts).where(eq(schema.posts.communityId, community.id));
    expect(posts).toEqual([]);
  });

  it("are refused as an avatar and as a community's picture, at the field", async () => {
    const { owner, community } = await cast();
    const browser = await browserFor(owner);
    const editPath = `/communities/${community.id}/manage/edit`;
    for (const { name, upload } of await imageBombs()) {
      const avatar = await postWithImages(
        browser.cookie(),
        { intent: "avatar" },
        [upload],
        "/profile/settings",
        "avatar",
      );
      expect(avatar.status, name).toBe(413);
      expect(await pageText(avatar), name).toContain("That image is larger than 5 MB or 40 megapixels.");
      const picture = await postWithImages(browser.cookie(), { intent: "avatar" }, [upload], editPath, "avatar");
      expect(picture.status, name).toBe(413);
      expect(await pageText(picture), name).toContain("That image is larger than 5 MB or 40 megapixels.");
    }
    const [user] = await getDb().select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(user!.avatar).toBe("default");
    const [row] = await getDb().select().from(schema.communities).where(eq(schema.communities.id, community.id));
    expect(row!.avatar).toBe("default");
  });

  it("leave an image at the limit welcome, its size stored and served", async () => {
    const { owner, community } = await cast();
    const cookie = await signIn(owner.email, owner.password);
    const atLimit = { bytes: sizedPng(8000, 5000), name: "wide.png", type: "image/png" };
    const created = await postWithImages(cookie, { body: "At the limit", communityId: String(community.id) }, [
      atLimit,
    ]);
    expect(created.status).toBe(302);
    const [post] = await getDb().select().from(schema.posts).where(eq(schema.posts.communityId, community.id));
    const page = await fetchApp(`/content/${post!.id}`, { headers: { Cookie: cookie } });
    expect(await page.text()).toMatch(
      /<img [^>]*width="8000"[^>]*height="5000"|<img [^>]*height="5000"[^>]*width="8000"/,
    );
    const avatarUser = await createUser();
    const avatarBrowser = await browserFor(avatarUser);
    const avatar = await postWithImages(
      avatarBrowser.cookie(),
      { intent: "avatar" },
      [atLimit],
      "/profile/settings",
      "avatar",
    );
    expect(avatar.status).toBe(302);
  });
});
