import { expect, signedInPage, signInAs, test } from "./support";

/**
 * Urgent posts (issue 23 item 6, decision 183), at 360 px, with and without JavaScript: Terry,
 * who owns the Lincoln Elementary school community in the demo data, writes a post and marks it
 * urgent, with the warning under the box; Pat, a member, sees it marked "Urgent" in the
 * newsfeed and on the post's page. Pat, who manages no school, is not offered the box.
 */
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const overflow = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a school's manager marks a post urgent and a member sees the marker", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, "mrsteacher", { to: "/lincoln-elementary-community" });
  await page.getByText("Write a post…").click();
  const box = page.getByRole("checkbox", { name: "Mark as urgent" });
  await expect(box).toBeVisible();
  await expect(page.locator("#composer-urgent-hint")).toContainText(
    "Urgent posts reach every member at once, by notification and email, even during their quiet hours.",
  );
  // The box, its warning and the form fit the phone's width.
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const boxSize = await page.locator("label.field-checkbox", { has: box }).boundingBox();
  expect(boxSize!.height).toBeGreaterThanOrEqual(44);

  const text = `No school tomorrow: the heating failed ${Date.now().toString(36)}`;
  await page.getByLabel("Write a post", { exact: true }).fill(text);
  await box.check();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.locator(".toast")).toContainText("Your post was published.", { timeout: 20_000 });
  const own = page.locator("article.post-card", { hasText: text });
  await expect(own.locator(".post-urgent")).toHaveText("Urgent");

  const member = await signedInPage(browser, testInfo, "patparent");
  const post = member.locator("article.post-card", { hasText: text });
  await expect(post).toBeVisible();
  await expect(post.locator(".post-urgent")).toHaveText("Urgent");
  expect(await overflow(member)).toBeLessThanOrEqual(0);
  const id = (await post.getAttribute("id"))?.slice("post-".length);
  await post.getByRole("link", { name: "Open post" }).click();
  await expect(member).toHaveURL(`/content/${id}`);
  // The post's own page: its one card, marked.
  await expect(member.locator("main article.post-card")).toHaveCount(1);
  await expect(member.locator(`#post-${id} .post-urgent`)).toHaveText("Urgent");

  // Pat manages no school or district community: the newsfeed's composer has no urgent box.
  await member.goto("/newsfeed");
  await member.getByText("Write a post…").click();
  await expect(member.getByLabel("Write a post", { exact: true })).toBeVisible();
  await expect(member.getByRole("checkbox", { name: "Mark as urgent" })).toHaveCount(0);
  await member.context().close();
});
