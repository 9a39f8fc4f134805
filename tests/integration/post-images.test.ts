import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueTokens } from "~/server/auth/tokens.server";
import { getPostPage } from "~/server/content/content-pages.server";
import { createPost } from "~/server/content/posts.server";
import { getDb, schema } from "~/server/db/db.server";
import { POST_IMAGE_MAX_BYTES } from "~/server/files/post-images.server";
import { addMember, cast } from "./communities-support";
import { createUser, fetchApp } from "./helpers";
import { containsText, SECRETS } from "./image-fixtures";
import { gpsPhoto, imagesIn, postWithImages, sizedJpeg, sizedPng } from "./post-images-support";
import { browserFor, pageText } from "./settings-support";

const png = (width = 640, height = 480, size = 256) => ({
  bytes: sizedPng(width, height, size),
  name: "a.png",
  type: "image/png",
});

async function postCount() {
  return (await getDb().select({ id: schema.posts.id }).from(schema.posts)).length;
}

async function newestPost(authorId: number) {
  const rows = await getDb().select().from(schema.posts);
  return rows.filter((row) => row.authorId === authorId).sort((a, b) => b.id - a.id)[0]!;
}

describe("images on posts (decision 066)", { timeout: 30_000 }, () => {
  it("posts up to four photos without JavaScript, stripped of metadata, sized on the page", async () => {
    const { member, community } = await cast();
    const browser = await browserFor(member);
    const fields = { communityId: String(community.id), body: "Bake sale photos", returnTo: "/newsfeed" };
    const answer = await postWithImages(browser.cookie(), fields, [
      { bytes: gpsPhoto(), name: "IMG_0001.JPG", type: "image/jpeg" },
      png(640, 480),
    ]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/newsfeed");
    // The check and the write are one statement (decision 040); the new-post fan-out's member
    // read (decision 048, waitUntil) starts before the answer leaves and is counted too.
    expect(Number(answer.headers.get("X-D1-Round-Trips"))).toBeLessThanOrEqual(2);

    const post = await newestPost(member.id);
    // Orientation 6 turns the 800 × 600 photo upright: it shows 600 × 800.
    expect(post.images.map(({ width, height }) => [width, height])).toEqual([
      [600, 800],
      [640, 480],
    ]);
    const stored = await env.FILES.get(post.images[0]!.key);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    for (const secret of SECRETS) expect(containsText(bytes, secret)).toBe(false);
    expect(stored?.httpMetadata?.contentType).toBe("image/jpeg");

    const html = await (await browser.get("/newsfeed")).text();
    const shown = imagesIn(html).filter((image) => image.src.startsWith(`/files/posts/${post.id}/`));
    expect(shown).toHaveLength(2);
    expect(shown[0]!.tag).toContain('width="600"');
    expect(shown[0]!.tag).toContain('height="800"');
    expect(shown[1]!.tag).toContain('width="640"');
    // The first post of the feed loads its photos at once; they are its own.
    expect(shown[0]!.tag).toContain('loading="eager"');
    const served = await browser.get(shown[0]!.src);
    expect(served.status).toBe(200);
    expect(Number(served.headers.get("X-D1-Round-Trips"))).toBe(1);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("loads photos lazily below the first post", async () => {
    const { owner, community } = await cast();
    const browser = await browserFor(owner);
    const fields = { communityId: String(community.id), body: "Older with a photo" };
    await postWithImages(browser.cookie(), fields, [png()]);
    await createPost(owner, community.id, "Newest, no photo");
    const html = await (await browser.get(`/communities/${community.id}`)).text();
    const [image] = imagesIn(html);
    expect(image?.tag).toContain('loading="lazy"');
  });

  it("refuses a fifth photo, a file that is not an image, and one over 8 MB, at the field", async () => {
    const { member, community } = await cast();
    const browser = await browserFor(member);
    const fields = { communityId: String(community.id), body: "Too many" };
    const before = await postCount();
    const five = await postWithImages(browser.cookie(), fields, [png(), png(), png(), png(), png()]);
    expect(five.status).toBe(400);
    expect(await pageText(five)).toContain("Choose at most 4 photos.");
    const text = { bytes: new TextEncoder().encode("not an image"), name: "x.png", type: "image/png" };
    const wrong = await postWithImages(browser.cookie(), fields, [text]);
    expect(wrong.status).toBe(400);
    const wrongText = await pageText(wrong);
    expect(wrongText).toContain("Choose JPEG, PNG or WebP photos.");
    expect(wrongText).toContain("Too many");
    const big = { bytes: sizedJpeg(100, 100, POST_IMAGE_MAX_BYTES + 1), name: "big.jpg", type: "image/jpeg" };
    const tooLarge = await postWithImages(browser.cookie(), fields, [big]);
    expect(tooLarge.status).toBe(413);
    expect(await pageText(tooLarge)).toContain("Each photo must be at most 8 MB and 40 megapixels.");
    expect(await postCount()).toBe(before);
    // Exactly the limit is fine.
    const max = { bytes: sizedJpeg(100, 100, POST_IMAGE_MAX_BYTES), name: "max.jpg", type: "image/jpeg" };
    expect((await postWithImages(browser.cookie(), fields, [max])).status).toBe(302);
  });

  it("stops reading an upload without Content-Length at the limit (413)", async () => {
    const { member } = await cast();
    const browser = await browserFor(member);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(
            new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\n'),
          );
        sent += 1;
        if (sent > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await fetchApp("/content", {
      method: "POST",
      headers: { Cookie: browser.cookie(), "Content-Type": "multipart/form-data; boundary=b" },
      body,
      // @ts-expect-error: workerd's fetch takes a streamed body with duplex
      duplex: "half",
    });
    expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(64);
  });

  it("serves a private community's photos only to those who may see the post (others 404)", async () => {
    const { owner, member, stranger, community } = await cast({ joinPolicy: "invite" });
    const ownerBrowser = await browserFor(owner);
    await postWithImages(ownerBrowser.cookie(), { communityId: String(community.id), body: "Members only" }, [png()]);
    const post = await newestPost(owner.id);
    const url = (await getPostPage(owner.id, post.id))!.post.images[0]!.url;
    expect((await (await browserFor(member)).get(url)).status).toBe(200);
    expect((await (await browserFor(stranger)).get(url)).status).toBe(404);
    expect((await fetchApp(url)).status).toBe(404);
    // Apps fetch them with their Bearer token (README "API"), by the same rule.
    const bearer = async (userId: number) => ({ Authorization: `Bearer ${(await issueTokens(userId)).token}` });
    expect((await fetchApp(url, { headers: await bearer(member.id) })).status).toBe(200);
    expect((await fetchApp(url, { headers: await bearer(stranger.id) })).status).toBe(404);
    expect((await fetchApp(url, { headers: { Authorization: "Bearer nonsense" } })).status).toBe(404);
    // The image under another post's id is no image of that post.
    const other = await createPost(owner, community.id, "No photos");
    if (other.status !== "published") throw new Error("not published");
    expect((await (await browserFor(member)).get(url.replace(`/${post.id}/`, `/${other.id}/`))).status).toBe(404);
  });

  it("pending posts' photos: their author and the managers only", async () => {
    const { owner, member, community } = await cast({ requiresApproval: true });
    const reader = await createUser();
    await addMember(community.id, reader.id);
    const memberBrowser = await browserFor(member);
    await postWithImages(memberBrowser.cookie(), { communityId: String(community.id), body: "Pending" }, [png()]);
    const post = await newestPost(member.id);
    expect(post.status).toBe("pending");
    const url = (await getPostPage(member.id, post.id))!.post.images[0]!.url;
    expect((await memberBrowser.get(url)).status).toBe(200);
    expect((await (await browserFor(owner)).get(url)).status).toBe(200);
    expect((await (await browserFor(reader)).get(url)).status).toBe(404);
  });

  it("edit keeps or removes photos; only this post's leave R2; deleting the post removes the rest", async () => {
    const { owner, member, community } = await cast();
    const browser = await browserFor(member);
    const fields = { communityId: String(community.id), body: "Two photos" };
    await postWithImages(browser.cookie(), fields, [png(10, 10), png(20, 20)]);
    const post = await newestPost(member.id);
    const ownerBrowser = await browserFor(owner);
    await postWithImages(ownerBrowser.cookie(), { ...fields, body: "Owner's" }, [png()]);
    const others = await newestPost(owner.id);
    const [first, second] = post.images;

    const form = new URLSearchParams({ body: "One photo left" });
    form.append("removeImage", first!.key);
    form.append("removeImage", others.images[0]!.key);
    const saved = await fetchApp(`/content/${post.id}/edit`, {
      method: "POST",
      headers: { Cookie: browser.cookie(), "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(saved.status).toBe(302);
    const after = await getPostPage(member.id, post.id);
    expect(after?.post.images.map((image) => image.key)).toEqual([second!.key]);
    expect(await env.FILES.head(first!.key)).toBeNull();
    expect(await env.FILES.head(others.images[0]!.key)).not.toBeNull();

    await browser.post(`/content/${post.id}`, { intent: "deletePost", confirmed: "1" });
    expect(await env.FILES.head(second!.key)).toBeNull();
  });
});
