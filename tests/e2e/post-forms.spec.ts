import type { Page } from "@playwright/test";
import { pressAndSeePending } from "./phone";
import { expect, signInAs, test, waitForHydration } from "./support";

/**
 * The forms a list of posts makes only when asked for (decision 076): without JavaScript the
 * Report link opens the post's page with its report form open, and the author's avatar is a
 * link to their profile; with it, both open in place. Either way the report lands.
 */
async function reportablePost(page: Page, javaScriptEnabled: boolean) {
  // Signed in on the newsfeed; its links open in place once it has hydrated.
  await signInAs(page, "patparent");
  await waitForHydration(page, javaScriptEnabled);
  // A post by someone else: its actions offer Report.
  const post = page
    .getByRole("article")
    .filter({ has: page.locator('a[href$="?report=post"]') })
    .first();
  await expect(post).toBeVisible();
  return post;
}

test("a post in the newsfeed is reported from its Report link", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const post = await reportablePost(page, javaScriptEnabled);
  // The post's own menu (decision 124) comes before its comments'.
  await post.getByTitle("Post actions", { exact: true }).click();
  await post.getByRole("link", { name: "Report", exact: true }).first().click();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL("/newsfeed");
  } else {
    await expect(page).toHaveURL(/\/content\/\d+\?report=post$/);
  }
  const reason = page.getByLabel("What is wrong with this post?");
  await expect(reason).toBeVisible();
  await reason.fill("Wrong date in the post");
  // With JavaScript the button waits while the report is sent, saying so (one report, not two).
  const postPath = (await post.locator('a[href$="?report=post"]').first().getAttribute("href"))!.split("?")[0]!;
  await pressAndSeePending(page, javaScriptEnabled, postPath, page.locator(".report-form"), "Send report", "Sending…");
  await expect(page.locator(".toast")).toContainText("Thank you. The community's managers will look at it.");
  // Back where the reader was, with the form closed.
  await expect(page).toHaveURL(javaScriptEnabled ? "/newsfeed" : /\/content\/\d+$/);
  await expect(page.getByLabel("What is wrong with this post?")).toBeHidden();
});

test("a comment in the newsfeed is reported from its Report link", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  await signInAs(page, "patparent");
  await waitForHydration(page, javaScriptEnabled);
  // A comment by someone else: its menu offers Report.
  const comment = page
    .locator(".comment")
    .filter({ has: page.locator('a[href*="?report=comment-"]') })
    .first();
  await comment.getByTitle("Comment actions", { exact: true }).first().click();
  await comment.getByRole("link", { name: "Report", exact: true }).first().click();
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/content\/\d+\?report=comment-\d+#comment-\d+$/);
  const reason = page.getByLabel("What is wrong with this comment?");
  await expect(reason).toBeVisible();
  await reason.fill("Not about the school");
  const commentPath = (await comment.locator('a[href*="?report=comment-"]').first().getAttribute("href"))!.split(
    "?",
  )[0]!;
  await pressAndSeePending(
    page,
    javaScriptEnabled,
    commentPath,
    page.locator(".report-form"),
    "Send report",
    "Sending…",
  );
  await expect(page.locator(".toast")).toContainText("Thank you. The community's managers will look at it.");
});

test("a post's author opens their card, or their profile without JavaScript", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const post = await reportablePost(page, javaScriptEnabled);
  const author = post.getByRole("link", { name: /^About / });
  await expect(author).toHaveAttribute("href", /^\/users\/\d+$/);
  await author.click();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL("/newsfeed");
    const popup = post.locator("details.avatar-popup");
    await expect(popup).toHaveAttribute("open", "");
    await expect(popup.getByRole("link", { name: "View profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup).not.toHaveAttribute("open", "");
  } else {
    await expect(page).toHaveURL(/\/users\/\d+$/);
  }
});
