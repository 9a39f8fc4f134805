import { describe, expect, it } from "vitest";
import { sniffImage } from "~/server/files/avatars.server";
import { stripImageMetadata } from "~/server/files/strip-metadata";
import { createUser, fetchApp } from "./helpers";
import { containsText, jpegWithGps, pngWithText, SECRETS, webpWithExif } from "./image-fixtures";
import { browserFor } from "./settings-support";

// docs/decisions/031-request-hardening.md "Image metadata": no location, camera or comment survives an upload.
function expectClean(bytes: Uint8Array) {
  for (const secret of SECRETS) expect(containsText(bytes, secret), secret).toBe(false);
  expect(containsText(bytes, "http://ns.adobe.com/xap/1.0/")).toBe(false);
}

/** The Orientation tag of the first EXIF APP1 of a JPEG, read the simple way. */
function orientationOf(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x01 && bytes[i + 1] === 0x12) return bytes[i + 9];
  }
  return null;
}

describe("stripping image metadata", () => {
  it("removes EXIF (GPS included), XMP and comments from a JPEG and keeps its orientation", () => {
    const photo = jpegWithGps();
    expect(containsText(photo, "SecretCam 9000")).toBe(true);
    const clean = stripImageMetadata(photo, "jpg")!;
    expectClean(clean);
    expect(sniffImage(clean)).toBe("jpg");
    expect(orientationOf(clean)).toBe(6);
    expect(Array.from(clean.subarray(-2))).toEqual([0xff, 0xd9]);
  });

  it("removes text chunks from a PNG and EXIF/XMP chunks from a WebP, fixing its header", () => {
    const png = stripImageMetadata(pngWithText(), "png")!;
    expect(containsText(png, "School")).toBe(false);
    expect(containsText(png, "IEND")).toBe(true);
    const webp = stripImageMetadata(webpWithExif(), "webp")!;
    expectClean(webp);
    const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
    expect(view.getUint32(4, true)).toBe(webp.length - 8);
    expect(webp[20]! & 0x0c).toBe(0);
  });

  it("refuses what does not parse rather than storing it as it is", () => {
    expect(stripImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), "jpg")).toBeNull();
    expect(
      stripImageMetadata(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 9]), "png"),
    ).toBeNull();
  });

  it("a JPEG with GPS tags uploaded without JavaScript is served without them", async () => {
    const user = await createUser();
    const browser = await browserFor(user);
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([jpegWithGps()], "IMG_0001.JPG", { type: "image/jpeg" }));
    const response = browser.absorb(
      await fetchApp("/profile/settings", { method: "POST", headers: { Cookie: browser.cookie() }, body: form }),
    );
    expect(response.status).toBe(302);
    const page = await (await browser.get("/profile/settings")).text();
    const src = page.match(/\/files\/avatars\/[^"]+\.jpg/)?.[0];
    expect(src).toBeTruthy();
    const served = new Uint8Array(await (await fetchApp(src!)).arrayBuffer());
    expect(sniffImage(served)).toBe("jpg");
    expectClean(served);
  });
});
