import type { Page, TestInfo } from "@playwright/test";
import { gradientPng } from "../../scripts/lib/png.mjs";
import { axeViolations } from "./axe";
import { confirm, expect, signedInPage, test } from "./support";

/**
 * A community from creation to moderation (docs/decisions/045–047), with and without JavaScript. Each browser
 * project signs in as its own seeded strangers (scripts/seed/communities.mjs) and creates its
 * own community and posts, so it depends on no demo post.
 */
function person(testInfo: TestInfo, who: "owner" | "member" | "reporter") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return { email: `e2e-communities-${who}-${project}@demo.schoolhub.test`, name: `Communities ${who} ${project}` };
}

async function axe(page: Page, javaScriptEnabled: boolean) {
  // axe runs inside the page, so it needs JavaScript; the markup is the same without it.
  if (!javaScriptEnabled) return;
  expect(await axeViolations(page, { include: "main" }), page.url()).toEqual([]);
}

const toast = (page: Page) => page.locator(".toast");

test("a community from creation to moderation", async ({ browser, javaScriptEnabled }, testInfo) => {
  test.setTimeout(180_000);
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Bake Sale ${unique}`;

  // The owner creates a by-request community whose members' posts need approval.
  const owner = await signedInPage(browser, testInfo, person(testInfo, "owner").email, "/communities");
  await axe(owner, javaScriptEnabled);
  await owner.getByRole("link", { name: "Create a community" }).click();
  await expect(owner).toHaveURL("/communities/create");
  await axe(owner, javaScriptEnabled);
  await owner.getByLabel("Name").fill(name);
  await owner.getByLabel("Category").selectOption("pto");
  await owner.getByLabel("Description").fill("Cakes for the gym floor");
  await owner.getByLabel("Join by request").check();
  await owner.getByLabel("Members' posts need a manager's approval").check();
  await owner.getByRole("button", { name: "Create community" }).click();
  await expect(owner).toHaveURL(/\/communities\/\d+$/);
  await expect(toast(owner)).toContainText(`${name} was created.`);
  const communityUrl = new URL(owner.url()).pathname;
  await axe(owner, javaScriptEnabled);

  // The owner gives it a picture (decision 067): scaled in the browser with JavaScript, as chosen without.
  await owner.goto(`${communityUrl}/manage/edit`);
  await axe(owner, javaScriptEnabled);
  await owner
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: gradientPng(600, 600, [40, 120, 200]) });
  await owner.getByRole("button", { name: "Upload picture" }).click();
  await expect(toast(owner)).toContainText("The community's picture was updated.");
  await owner.goto(communityUrl);
  await expect(owner.locator(".community-head img.community-avatar")).toHaveAttribute("src", /^\/files\/communities\//);

  // Two people ask to join; a non-member sees only the card and the button.
  const member = await signedInPage(browser, testInfo, person(testInfo, "member").email, communityUrl);
  const reporter = await signedInPage(browser, testInfo, person(testInfo, "reporter").email, communityUrl);
  for (const page of [member, reporter]) {
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Only members see this community's posts and members.")).toBeVisible();
    await page.getByRole("button", { name: "Request to join" }).click();
    await expect(toast(page)).toContainText(`Your request to join ${name} was sent to its managers.`);
  }

  // The owner approves both.
  await owner.goto(`${communityUrl}/manage`);
  await axe(owner, javaScriptEnabled);
  await owner.getByRole("link", { name: "Pending requests" }).click();
  await expect(owner).toHaveURL(`${communityUrl}/manage/requests`);
  await axe(owner, javaScriptEnabled);
  for (const who of ["member", "reporter"] as const) {
    const row = owner.getByRole("listitem").filter({ hasText: person(testInfo, who).name });
    await row.getByRole("button", { name: "Approve" }).click();
    await expect(owner.getByRole("listitem").filter({ hasText: person(testInfo, who).name })).toHaveCount(0);
  }

  // The member posts with a photo; it waits for approval and only they and the owner see it.
  // Without JavaScript the photo goes as chosen; with it, scaled in the browser first (decision 066).
  const body = `Bake sale moved to Friday ${unique}\nDetails: https://example.test/bake`;
  await member.goto(communityUrl);
  // The composer is one line until tapped (decision 124).
  await member.getByText("Write a post…", { exact: true }).click();
  await member.getByLabel("Write a post").fill(body);
  await member
    .getByLabel("Photos (up to 4)")
    .setInputFiles({ name: "cakes.png", mimeType: "image/png", buffer: gradientPng(320, 240, [220, 90, 40]) });
  await member.getByRole("button", { name: "Post", exact: true }).click();
  await expect(toast(member)).toContainText("Your post was sent to the managers for approval.");
  await reporter.goto(communityUrl);
  await expect(reporter.getByText(`Bake sale moved to Friday ${unique}`)).toHaveCount(0);

  // The owner approves it and comments.
  await owner.goto(`${communityUrl}/manage/posts`);
  await axe(owner, javaScriptEnabled);
  await owner.getByRole("button", { name: "Approve" }).click();
  await expect(toast(owner)).toContainText("The post was approved.");
  await owner.goto(communityUrl);
  const ownerPost = owner.getByRole("article").filter({ hasText: unique });
  await expect(ownerPost.getByRole("link", { name: "https://example.test/bake" })).toBeVisible();
  // The photo, sized so nothing shifts, served to members only.
  const photo = ownerPost.getByRole("img", { name: `Photo 1 of 1 by ${person(testInfo, "member").name}` });
  await expect(photo).toHaveAttribute("width", "320");
  await expect(photo).toHaveAttribute("height", "240");
  const photoUrl = (await photo.getAttribute("src"))!;
  expect((await owner.request.get(photoUrl)).status()).toBe(200);
  expect((await owner.request.get(photoUrl)).headers()["content-type"]).toMatch(/^image\/(png|webp|jpeg)$/);
  await ownerPost.getByLabel("Write a comment").fill(`See you there ${unique}`);
  await ownerPost.getByRole("button", { name: "Comment" }).click();
  // The author's own comment is also in its (closed) edit form: look at the text shown.
  await expect(owner.getByRole("paragraph").filter({ hasText: `See you there ${unique}` })).toBeVisible();

  // The member replies on the post's page and likes the post.
  await member.goto("/newsfeed");
  const memberPost = member.getByRole("article").filter({ hasText: unique });
  await expect(memberPost).toBeVisible();
  await memberPost.getByRole("button", { name: /^Like/ }).first().click();
  await expect(
    member
      .getByRole("article")
      .filter({ hasText: unique })
      .getByRole("button", { name: /^Unlike · 1 like/ }),
  ).toBeVisible();
  await member.getByRole("article").filter({ hasText: unique }).getByRole("link", { name: "Open post" }).click();
  await expect(member).toHaveURL(/\/content\/\d+$/);
  const postUrl = new URL(member.url()).pathname;
  await axe(member, javaScriptEnabled);
  await member.getByLabel("Write a reply").fill(`Thanks! ${unique}`);
  await member.getByRole("button", { name: "Reply" }).click();
  await expect(member.getByRole("paragraph").filter({ hasText: `Thanks! ${unique}` })).toBeVisible();

  // Both see it in their newsfeeds.
  await owner.goto("/newsfeed");
  await expect(owner.getByRole("article").filter({ hasText: unique })).toBeVisible();
  await axe(owner, javaScriptEnabled);

  // The third member reports it; the owner sees the reason and deletes the post.
  await reporter.goto(postUrl);
  // Report is in the post's menu (decision 124).
  await reporter.getByRole("article").getByTitle("Post actions", { exact: true }).click();
  await reporter.getByRole("article").getByText("Report", { exact: true }).click();
  await reporter.getByLabel("What is wrong with this post?").fill("Wrong date");
  await reporter.getByRole("button", { name: "Send report" }).click();
  await expect(toast(reporter)).toContainText("The community's managers will look at it.");
  await owner.goto(`${communityUrl}/manage/posts`);
  await expect(owner.getByText("Wrong date")).toBeVisible();
  const reported = owner.getByRole("article").filter({ hasText: unique });
  await reported.getByTitle("Post actions", { exact: true }).click();
  await reported.getByRole("button", { name: "Delete" }).click();
  await confirm(owner, "Are you sure you want to delete this post?", javaScriptEnabled);
  await expect(toast(owner)).toContainText("The post was deleted.");
  await member.goto(postUrl);
  await expect(member.getByText("This page could not be found")).toBeVisible();
  expect((await member.request.get(photoUrl)).status()).toBe(404);

  // Search finds the community, without JavaScript too (a GET form).
  await reporter.goto("/communities/search");
  await axe(reporter, javaScriptEnabled);
  await reporter.getByLabel("Name or description").fill(`sale ${unique}`);
  await reporter.getByLabel("Category").selectOption("pto");
  await reporter.getByRole("button", { name: "Search" }).click();
  await expect(reporter.getByRole("link", { name })).toBeVisible();
  await axe(reporter, javaScriptEnabled);

  // /{slug} opens the community.
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await member.goto(`/${slug}`);
  await expect(member).toHaveURL(communityUrl);
});
