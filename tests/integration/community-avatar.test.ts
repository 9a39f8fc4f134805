import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { AVATAR_MAX_BYTES } from "~/server/files/avatars.server";
import { cast } from "./communities-support";
import { containsText, jpegWithGps, SECRETS } from "./image-fixtures";
import { postWithImages, sizedPng } from "./post-images-support";
import { browserFor, pageText } from "./settings-support";

const avatarOf = async (id: number) =>
  (
    await getDb()
      .select({ avatar: schema.communities.avatar })
      .from(schema.communities)
      .where(eq(schema.communities.id, id))
  )[0]!.avatar;

describe("a community's picture on /manage/edit (decision 067)", { timeout: 30_000 }, () => {
  it("managers upload it without JavaScript: stored stripped in R2, served, shown; replaced and removed", async () => {
    const { owner, community } = await cast();
    const browser = await browserFor(owner);
    const path = `/communities/${community.id}/manage/edit`;
    const photo = { bytes: jpegWithGps(), name: "team.jpg", type: "image/jpeg" };
    const saved = await postWithImages(browser.cookie(), { intent: "avatar" }, [photo], path, "avatar");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    const key = await avatarOf(community.id);
    expect(key).toMatch(new RegExp(`^communities/${community.id}/[0-9a-f-]{36}\\.jpg$`));
    const bytes = new Uint8Array(await (await env.FILES.get(key))!.arrayBuffer());
    for (const secret of SECRETS) expect(containsText(bytes, secret)).toBe(false);
    const served = await browser.get(`/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const page = await browser.get(`/communities/${community.id}`);
    expect(await page.text()).toContain(`src="/files/${key}"`);

    const png = { bytes: sizedPng(64, 64), name: "b.png", type: "image/png" };
    await postWithImages(browser.cookie(), { intent: "avatar" }, [png], path, "avatar");
    expect(await env.FILES.head(key)).toBeNull();
    const second = await avatarOf(community.id);
    const removed = await browser.post(path, { intent: "avatar-remove" });
    expect(removed.status).toBe(302);
    expect(await avatarOf(community.id)).toBe("default");
    expect(await env.FILES.head(second)).toBeNull();
    expect(await pageText(await browser.get(path))).toContain("The community's picture was removed.");
  });

  it("refuses members and strangers (403), files that are not images and more than 5 MB, at the field", async () => {
    const { owner, member, stranger, community } = await cast();
    const path = `/communities/${community.id}/manage/edit`;
    const png = { bytes: sizedPng(64, 64), name: "b.png", type: "image/png" };
    for (const who of [member, stranger]) {
      const browser = await browserFor(who);
      expect((await postWithImages(browser.cookie(), { intent: "avatar" }, [png], path, "avatar")).status).toBe(403);
      expect((await browser.post(path, { intent: "avatar-remove" })).status).toBe(403);
    }
    expect(await avatarOf(community.id)).toBe("default");
    const browser = await browserFor(owner);
    const text = { bytes: new TextEncoder().encode("hello"), name: "x.png", type: "image/png" };
    const wrong = await postWithImages(browser.cookie(), { intent: "avatar" }, [text], path, "avatar");
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Choose a JPEG, PNG or WebP image.");
    // The details form keeps the community's values.
    expect(html).toMatch(/name="name"[^>]*value="Community \d+"/);
    const big = { bytes: sizedPng(64, 64, AVATAR_MAX_BYTES + 1), name: "big.png", type: "image/png" };
    const tooLarge = await postWithImages(browser.cookie(), { intent: "avatar" }, [big], path, "avatar");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("That image is larger than 5 MB or 40 megapixels.");
    expect(await avatarOf(community.id)).toBe("default");
  });
});
