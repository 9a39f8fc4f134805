import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support";

/**
 * "See translation" (issue 24 item 4, decision 150), against the e2e server's fake Workers AI
 * (scripts/fake-ai/worker.mjs), whose translation is the text marked "[es→en]". A post written in
 * Spanish offers it to an English reader; with JavaScript it is fetched and swapped in place,
 * without it the link opens the post's page showing the translation. Own-language posts offer nothing.
 */
test.use({ viewport: { width: 360, height: 800 } });

/** Signed in as Pat, in a community of theirs: its id, and a tag that keeps this run's texts apart. */
async function inPatsCommunity(page: Page, javaScriptEnabled: boolean) {
  await signInAs(page, "patparent");
  const communityHref = await page.locator("article.post-card a[href^='/communities/']").first().getAttribute("href");
  const communityId = communityHref!.split("/")[2]!;
  return { communityId, unique: `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}` };
}

test("a post in Spanish shows See translation to an English reader, and the translation after a tap", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const { communityId, unique } = await inPatsCommunity(page, javaScriptEnabled);
  const spanish = `Mañana no hay clase por el día festivo, ¡disfruten del descanso! ${unique}`;
  const english = `Picture day is tomorrow, please wear your best smile ${unique}`;
  for (const body of [spanish, english]) {
    const posted = await page.request.post("/content", { form: { communityId, body }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
  }
  await page.goto(`/communities/${communityId}`);

  // The reader's own language: no button.
  const own = page.getByRole("article").filter({ hasText: english });
  await expect(own).toBeVisible();
  await expect(own.getByRole("link", { name: "See translation" })).toHaveCount(0);

  const post = page.getByRole("article").filter({ hasText: spanish });
  const see = post.getByRole("link", { name: "See translation", exact: true });
  await expect(see).toBeVisible();
  const box = await see.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await see.click();

  const translated = `[es→en] ${spanish}`;
  if (javaScriptEnabled) {
    // In place: the list stays where it was.
    await expect(page).toHaveURL(`/communities/${communityId}`);
    await expect(post.getByText(translated)).toBeVisible();
    await expect(post.getByText("Translated from Spanish")).toBeVisible();
    await post.getByRole("link", { name: "See original", exact: true }).click();
    await expect(post.getByText(spanish, { exact: true })).toBeVisible();
    await expect(post.getByText(translated)).toHaveCount(0);
    await expect(post.getByRole("link", { name: "See translation", exact: true })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/content\/\d+\?translate=post#post-\d+$/);
    const shown = page.getByRole("article");
    await expect(shown.getByText(translated)).toBeVisible();
    await expect(shown.getByText("Translated from Spanish")).toBeVisible();
    await shown.getByRole("link", { name: "See original", exact: true }).click();
    await expect(page).toHaveURL(/\/content\/\d+#post-\d+$/);
    await expect(page.getByRole("article").getByText(spanish, { exact: true })).toBeVisible();
  }
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a comment in Spanish under a post is translated in place, or on the post's page without JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const { communityId, unique } = await inPatsCommunity(page, javaScriptEnabled);
  const body = `The library is open late on Thursday for homework help ${unique}`;
  const posted = await page.request.post("/content", { form: { communityId, body }, maxRedirects: 0 });
  expect(posted.status()).toBe(302);
  await page.goto(`/communities/${communityId}`);
  const post = page.getByRole("article").filter({ hasText: body });
  const postId = (await post.getAttribute("id"))!.slice("post-".length);
  const comment = `¡Qué buena noticia! Mi hijo necesita ayuda con matemáticas ${unique}`;
  const commented = await page.request.post(`/content/${postId}`, {
    form: { intent: "comment", body: comment },
    maxRedirects: 0,
  });
  expect(commented.status()).toBe(302);
  await page.goto(`/communities/${communityId}`);

  const item = page.locator(".comment").filter({ hasText: comment });
  await expect(post.getByRole("link", { name: "See translation", exact: true })).toHaveCount(1);
  await item.getByRole("link", { name: "See translation", exact: true }).click();
  const translated = `[es→en] ${comment}`;
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(`/communities/${communityId}`);
    await expect(item.getByText(translated)).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`/content/${postId}\\?translate=comment-\\d+#comment-\\d+$`));
    await expect(page.locator(".comment").getByText(translated)).toBeVisible();
  }
  await expect(page.locator(".comment").getByText("Translated from Spanish")).toBeVisible();
});
