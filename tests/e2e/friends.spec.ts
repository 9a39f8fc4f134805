import type { Locator, Page, TestInfo } from "@playwright/test";
import { confirm, expect, signedInPage, test, waitForHydration } from "./support";

/**
 * Friend requests between two people, each in their own browser (SPEC §2, §4, §8). Every test
 * signs in as seeded strangers of its own (scripts/seed.mjs, e2e-friends-*), per browser project.
 */
function person(testInfo: TestInfo, who: "a" | "b" | "c" | "d") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return {
    email: `e2e-friends-${who}-${project}@demo.schoolhub.test`,
    username: `e2e_friends_${who}_${project}`,
    name: `Friends ${who.toUpperCase()} ${project}`,
  };
}

const toast = (page: Page) => page.locator(".toast");
const bell = (page: Page) => page.locator("summary").and(page.getByLabel(/^Notifications/));

/** A person's row in one of /profile/friends' lists. */
function row(page: Page, list: string, name: string): Locator {
  return page
    .getByRole("region", { name: list })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });
}

test.describe("friend requests", () => {
  test("A sends B a request, B is told and accepts", async ({ browser, javaScriptEnabled }, testInfo) => {
    const a = person(testInfo, "a");
    const b = person(testInfo, "b");
    const pageB = await signedInPage(browser, testInfo, b.email);
    await expect(bell(pageB)).toHaveAttribute("aria-label", "Notifications");
    if (javaScriptEnabled) {
      await expect(pageB.locator("html")).toHaveAttribute("data-realtime", "open");
      await pageB.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });
    }

    const pageA = await signedInPage(browser, testInfo, a.email, "/profile/friends");
    await pageA.getByLabel("Name or username").fill(b.username);
    await pageA.getByRole("button", { name: "Search" }).click();
    await expect(pageA).toHaveURL(`/profile/friends?q=${b.username}`);
    const result = row(pageA, `People matching “${b.username}”`, b.name);
    await result.getByRole("button", { name: "Add Friend" }).click();
    await confirm(pageA, `Are you sure you want to send ${b.name} a friend request?`, javaScriptEnabled);
    await expect(toast(pageA)).toContainText(`Your friend request has been sent to ${b.name}`);
    await expect(
      row(pageA, "Friend requests you sent", b.name).getByRole("button", { name: "Cancel Friend Request" }),
    ).toBeVisible();

    // With JavaScript the notification arrives on B's open page; without it B reloads.
    if (!javaScriptEnabled) await pageB.reload();
    await expect(bell(pageB)).toHaveAttribute("aria-label", "Notifications, 1 unread");
    await bell(pageB).click();
    const request = pageB.getByRole("button", { name: new RegExp(`${a.name} sent you a friend request`) });
    await expect(request).toBeVisible();
    if (javaScriptEnabled) {
      expect(await pageB.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    }

    await request.click();
    await expect(pageB).toHaveURL("/profile/friends");
    await row(pageB, "Friend requests for you", a.name).getByRole("button", { name: "Accept" }).click();
    await expect(toast(pageB)).toContainText(`You and ${a.name} are now friends.`);
    await expect(row(pageB, "Your friends", a.name).getByRole("link", { name: "Send Message" })).toHaveAttribute(
      "href",
      `/chat/@${a.username}`,
    );
    await expect(pageB.getByRole("region", { name: "Friend requests for you" })).toContainText(
      "No one has asked you yet.",
    );

    await pageA.goto("/profile/friends");
    await expect(row(pageA, "Your friends", b.name)).toBeVisible();
    await expect(bell(pageA)).toHaveAttribute("aria-label", "Notifications, 1 unread");

    // B unfriends A from the list: asked first (in a dialog with JavaScript, on a page of its own without).
    await row(pageB, "Your friends", a.name).getByRole("button", { name: "Unfriend" }).click();
    await confirm(pageB, `Are you sure you want to remove ${a.name} from your friends?`, javaScriptEnabled);
    await expect(toast(pageB)).toContainText(`You are no longer friends with ${a.name}.`);
    await expect(row(pageB, "Your friends", a.name)).toHaveCount(0);
    await expect(pageB).toHaveURL("/profile/friends");
    await pageA.context().close();
    await pageB.context().close();
  });

  test("C sends D a request from D's profile, then cancels it", async ({ browser, javaScriptEnabled }, testInfo) => {
    const c = person(testInfo, "c");
    const d = person(testInfo, "d");
    const page = await signedInPage(browser, testInfo, c.email, `/profile/friends?q=${d.username}`);
    // The avatar opens a card with a link to the profile (a <details>, with or without JavaScript).
    const result = row(page, `People matching “${d.username}”`, d.name);
    await result.getByLabel(`About ${d.name}`).click();
    await result.getByRole("link", { name: "View profile" }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: d.name })).toBeVisible();
    await expect(page.getByText(`@${d.username}`)).toBeVisible();

    await page.getByRole("button", { name: "Add Friend" }).click();
    await confirm(page, `Are you sure you want to send ${d.name} a friend request?`, javaScriptEnabled);
    await expect(toast(page)).toContainText(`Your friend request has been sent to ${d.name}`);
    await expect(page.getByText(`You sent ${d.name} a friend request.`)).toBeVisible();

    await page.getByRole("button", { name: "Cancel Friend Request" }).click();
    await confirm(page, `Are you sure you want to cancel the friend request with ${d.name}?`, javaScriptEnabled);
    await expect(toast(page)).toContainText(`Your friend request with ${d.name} has been cancelled.`);
    await expect(page.getByRole("button", { name: "Add Friend" })).toBeVisible();
    await page.context().close();
  });
});

test.describe("a long friends list (decision 191)", () => {
  test("shows 20 friends by name and links to the rest, on a phone", async ({
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const project = testInfo.project.name === "no-js" ? "nojs" : "js";
    const page = await signedInPage(browser, testInfo, `e2e-friends-many-${project}@demo.schoolhub.test`);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/profile/friends");
    // The newest 3 of 5 requests first, then the link to all of them (decision 221).
    const requests = page.getByRole("region", { name: "Friend requests for you" });
    await expect(requests.getByRole("listitem")).toHaveCount(3);
    await expect(requests.getByRole("listitem").first()).toContainText(`Asker 05 ${project}`);
    await expect(row(page, "Friend requests for you", `Asker 03 ${project}`)).toBeVisible();
    const seeAll = requests.getByRole("link", { name: "See all requests (5)" });
    const seeAllBox = await seeAll.boundingBox();
    expect(seeAllBox!.x + seeAllBox!.width).toBeLessThanOrEqual(360);
    expect(seeAllBox!.height).toBeGreaterThanOrEqual(44);
    const friends = page.getByRole("region", { name: "Your friends" });
    await expect(friends.getByRole("listitem")).toHaveCount(20);
    await expect(row(page, "Your friends", `Pal 01 ${project}`)).toBeVisible();
    await expect(row(page, "Your friends", `Pal 20 ${project}`)).toHaveCount(1);
    await expect(row(page, "Your friends", `Pal 21 ${project}`)).toHaveCount(0);

    // A friend's popup, opened from the keyboard: the page brings its trigger and "View profile";
    // with JavaScript the card (the avatar at 64 px, name, @username) is made as it opens (decision 215).
    await waitForHydration(page, javaScriptEnabled);
    const popup = row(page, "Your friends", `Pal 01 ${project}`).locator("details.avatar-popup");
    await popup.getByLabel(`About Pal 01 ${project}`).focus();
    await page.keyboard.press("Enter");
    await expect(popup).toHaveAttribute("open", "");
    const panel = popup.locator(".avatar-popup-panel");
    await expect(panel.getByRole("link", { name: "View profile" })).toHaveAttribute("href", /^\/users\/\d+$/);
    if (javaScriptEnabled) {
      await expect(panel.getByRole("img", { name: `Pal 01 ${project}` })).toHaveClass(/avatar-large/);
      await expect(panel.getByText(`@e2e_pal_01_${project}`, { exact: true })).toBeVisible();
    } else {
      // Without it the row beside the popup says who it is.
      await expect(panel.locator(".avatar-popup-card")).toHaveCount(0);
      await expect(row(page, "Your friends", `Pal 01 ${project}`)).toContainText(`@e2e_pal_01_${project}`);
    }
    const card = await panel.boundingBox();
    expect(card!.x).toBeGreaterThanOrEqual(0);
    expect(card!.x + card!.width).toBeLessThanOrEqual(360);
    await page.keyboard.press("Enter");
    await expect(popup).not.toHaveAttribute("open", "");

    const more = friends.getByRole("link", { name: "More friends" });
    await more.scrollIntoViewIfNeeded();
    const box = await more.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await more.click();
    await expect(page).toHaveURL(/\/profile\/friends\?friends=\d+#friends-list$/);
    await expect(row(page, "Your friends", `Pal 21 ${project}`)).toBeVisible();
    await expect(friends.getByRole("listitem")).toHaveCount(20);
    await expect(row(page, "Your friends", `Pal 40 ${project}`)).toHaveCount(1);
    // The third page holds the last 12, and no further link.
    await friends.getByRole("link", { name: "More friends" }).click();
    await expect(row(page, "Your friends", `Pal 52 ${project}`)).toBeVisible();
    await expect(friends.getByRole("listitem")).toHaveCount(12);
    await expect(friends.getByRole("link", { name: "More friends" })).toHaveCount(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // All five requests, newest first, with no further link.
    await page.goto("/profile/friends");
    await seeAll.click();
    await expect(page).toHaveURL("/profile/friends?requests=all#friends-incoming");
    await expect(requests.getByRole("listitem")).toHaveCount(5);
    await expect(requests.getByRole("listitem").last()).toContainText(`Asker 01 ${project}`);
    await expect(requests.getByRole("link", { name: /See all requests|More requests/ })).toHaveCount(0);
    await page.context().close();
  });
});
