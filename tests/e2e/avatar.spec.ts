import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { png } from "./png";
import { expect, signIn, signInAs, test } from "./support";

const section = (page: Page) => page.getByRole("region", { name: "Profile picture" });
const toast = (page: Page) => page.locator(".toast");

test.describe("profile picture", () => {
  test("is uploaded, shown in the header, and removed; a non-image is refused at the field", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAs(page, `e2e_friends_e_${javaScriptEnabled ? "js" : "nojs"}`, { to: "/profile/settings" });

    await section(page)
      .getByLabel("Choose an image")
      .setInputFiles({
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("these are my notes, not a picture"),
      });
    await section(page).getByRole("button", { name: "Upload picture" }).click();
    await expect(section(page).getByText("Choose a JPEG, PNG or WebP image.")).toBeVisible();

    await section(page)
      .getByLabel("Choose an image")
      .setInputFiles({
        name: "wide.png",
        mimeType: "image/png",
        buffer: png(1200, 800),
      });
    await section(page).getByRole("button", { name: "Upload picture" }).click();
    await expect(toast(page)).toContainText("Your profile picture has been updated.");
    const headerAvatar = page.getByLabel("Account menu").locator("img");
    // With JavaScript the browser scales it to 512 px on the long side and sends WebP first;
    // without it the original PNG is stored as it is.
    await expect(headerAvatar).toHaveAttribute(
      "src",
      javaScriptEnabled ? /^\/files\/avatars\/\d+\/[0-9a-f-]{36}\.(webp|jpg)$/ : /\.png$/,
    );
    const src = (await headerAvatar.getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    if (javaScriptEnabled) {
      const width = await headerAvatar.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return img.naturalWidth;
      });
      expect(width).toBe(512);
    }

    await section(page).getByRole("button", { name: "Remove picture" }).click();
    await expect(toast(page)).toContainText("Your profile picture has been removed.");
    await expect(page.getByLabel("Account menu").locator("img")).toHaveCount(0);
    expect((await page.request.get(src)).status()).toBe(404);
  });

  // axe runs inside the page, so this check needs JavaScript; the markup is the same without it.
  test("people pages have no detectable accessibility problems @js-only", async ({ page }) => {
    // Several pages, each rendered and analysed: like the other accessibility tests, more than
    // the default 30 s on a busy machine (one timed out at 30.9 s at a load average of 20).
    test.setTimeout(90_000);
    await signIn(page, "e2e_friends_e_js");
    for (const path of ["/profile/friends?q=friends", "/profile/settings", "/newsfeed"]) {
      await page.goto(path);
      expect(await axeViolations(page, { include: "main" }), path).toEqual([]);
    }
    await page.goto("/profile/friends?q=e2e_friends_d_js");
    await page.getByLabel("About Friends D js").click();
    await page.getByRole("link", { name: "View profile" }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    expect(await axeViolations(page, { include: "main" })).toEqual([]);
  });
});
