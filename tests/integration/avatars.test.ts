import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/server/db/db.server";
import { AVATAR_MAX_BYTES, sniffImage } from "~/server/files/avatars.server";
import { cookiesOf, createUser, fetchApp } from "./helpers";
import { jpegOfSize, pngOfSize, webpOfSize } from "./image-fixtures";
import { browserFor, pageText } from "./settings-support";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50];

/** A structurally valid image of that kind (the server strips metadata, so it parses them). */
function imageBytes(signature: number[], size = 256) {
  if (signature === PNG) return pngOfSize(size);
  if (signature === JPEG) return jpegOfSize(size);
  return webpOfSize(size);
}

async function upload(cookie: string, bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([bytes], filename, { type }));
  return fetchApp("/profile/settings", { method: "POST", headers: { Cookie: cookie }, body: form });
}

const avatarOf = async (id: number) =>
  (await getDb().query.users.findFirst({ where: eq(schema.users.id, id), columns: { avatar: true } }))!.avatar;

describe("avatar type by content (magic bytes)", () => {
  it("knows JPEG, PNG and WebP, and nothing else", () => {
    expect(sniffImage(imageBytes(JPEG))).toBe("jpg");
    expect(sniffImage(imageBytes(PNG))).toBe("png");
    expect(sniffImage(imageBytes(WEBP))).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("GIF89a........"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20]))).toBeNull();
  });
});

describe("uploading an avatar in settings", () => {
  it("stores it in R2 under avatars/<userId>/<uuid>.<ext>, keeps the key, and serves it with long-lived headers", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await upload(browser.cookie(), imageBytes(PNG), "me.png", "image/png");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/settings");

    const key = await avatarOf(user.id);
    expect(key).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    const object = await env.FILES.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer()).slice(0, 8)).toEqual(new Uint8Array(PNG));

    const served = await fetchApp(`/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect((await served.arrayBuffer()).byteLength).toBe(256);
    const again = await fetchApp(`/files/${key}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);

    // The notice rides on the redirect's session cookie.
    const next = await fetchApp("/profile/settings", { headers: { Cookie: cookiesOf(response) } });
    expect(await pageText(next)).toContain("Your profile picture has been updated.");
    expect(await (await browser.get("/profile")).text()).toContain(`src="/files/${key}"`);
  });

  it("judges the type by content: a text file labelled image/png is refused at the field", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await upload(browser.cookie(), new TextEncoder().encode("not an image"), "x.png", "image/png");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="settings-avatar-file-error">Choose a JPEG, PNG or WebP image.</p>');
    expect(html).toMatch(/id="settings-avatar-file"[^>]*aria-invalid="true"/);
    expect(await avatarOf(user.id)).toBe("default");
  });

  it("accepts a JPEG or WebP whatever its declared type and name", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await upload(browser.cookie(), imageBytes(WEBP), "photo.jpg", "application/octet-stream");
    expect(await avatarOf(user.id)).toMatch(/\.webp$/);
    await upload(browser.cookie(), imageBytes(JPEG), "photo", "");
    expect(await avatarOf(user.id)).toMatch(/\.jpg$/);
  });

  it("refuses more than 5 MB", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const justOver = await upload(browser.cookie(), imageBytes(PNG, AVATAR_MAX_BYTES + 1), "big.png", "image/png");
    expect(justOver.status).toBe(413);
    expect(await justOver.text()).toContain("That image is larger than 5 MB or 40 megapixels.");
    const huge = await upload(browser.cookie(), imageBytes(PNG, AVATAR_MAX_BYTES * 2), "huge.png", "image/png");
    expect(huge.status).toBe(413);
    expect(await avatarOf(user.id)).toBe("default");
    const exactly = await upload(browser.cookie(), imageBytes(PNG, AVATAR_MAX_BYTES), "max.png", "image/png");
    expect(exactly.status).toBe(302);
  });

  it("asks for a file when none was chosen", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const response = await upload(browser.cookie(), new Uint8Array(), "", "application/octet-stream");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose an image to upload.");
  });

  it("deletes the old object when a new avatar replaces it, and on removal", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    await upload(browser.cookie(), imageBytes(PNG), "one.png", "image/png");
    const first = await avatarOf(user.id);
    await upload(browser.cookie(), imageBytes(JPEG), "two.jpg", "image/jpeg");
    const second = await avatarOf(user.id);
    expect(second).not.toBe(first);
    expect(await env.FILES.head(first)).toBeNull();
    expect(await env.FILES.head(second)).not.toBeNull();
    expect((await fetchApp(`/files/${first}`)).status).toBe(404);

    const removed = await browser.post("/profile/settings", { intent: "avatar-remove" });
    expect(removed.status).toBe(302);
    expect(await avatarOf(user.id)).toBe("default");
    expect(await env.FILES.head(second)).toBeNull();
    expect(await pageText(await browser.get("/profile/settings"))).toContain("Your profile picture has been removed.");
  });

  it("serves nothing but stored avatars", async () => {
    for (const path of [
      "/files/avatars/1/00000000-0000-4000-8000-000000000000.png",
      "/files/avatars/../secret",
      "/files/avatars/1/x.png",
    ]) {
      expect((await fetchApp(path)).status).toBe(404);
    }
  });
});
