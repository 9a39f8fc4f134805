import type { Page } from "@playwright/test";
import { fitsThePhone, PHONE, tappable } from "./phone";
import { expect, signInAs, test } from "./support";

/**
 * A teacher's day at 360 px (decision 201): the pages Terry (`mrsteacher`, owner of Room 12)
 * uses, with and without JavaScript, each part a thumb touches checked with phone.ts's rules:
 * nothing wider than the screen, every target 44 px, none touching another.
 */
async function teacherAt(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await signInAs(page, "mrsteacher", { to: path });
  await fitsThePhone(page);
}

test("the members page: every row's name and controls are 44 px targets, apart", async ({ page }) => {
  await teacherAt(page, "/communities/2/manage/members");
  const rows = page.locator(".manage-list .manage-row");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await tappable(row);
  // The name is a link of its own line, its role and family under it, not squeezed beside them.
  const pat = rows.filter({ hasText: "Pat Parent" });
  const [name, meta] = [pat.getByRole("link", { name: "Pat Parent" }), pat.locator(".manage-who-meta")];
  await expect(meta).toContainText("Member");
  await expect(meta).toContainText("parent of");
  expect((await meta.boundingBox())!.y).toBeGreaterThanOrEqual((await name.boundingBox())!.y + 40);
});

test("the invite page and the profile: their links are 44 px targets", async ({ page }) => {
  await teacherAt(page, "/communities/2/manage/invite");
  await tappable(page.locator(".invite-languages"));
  await page.goto("/profile");
  await fitsThePhone(page);
  await tappable(page.locator(".profile-list"));
});

test("checking a roster on a phone opens the answer at its buttons and summary, not the page's top", async ({
  page,
}, testInfo) => {
  await teacherAt(page, "/communities/2/manage/roster");
  await page.getByLabel("Names and email addresses").fill(`Ana Lee, ana.${testInfo.project.name}@example.com, Mia Lee`);
  await page.getByRole("button", { name: "Check the list" }).click();
  await expect(page.getByTestId("roster-summary")).toContainText("New: 1");
  // Checking sends nothing: what it found and the button that sends are on screen, where the thumb is.
  await expect(page.getByRole("button", { name: "Send 1 invitation" })).toBeInViewport();
  await expect(page.getByTestId("roster-summary")).toBeInViewport();
  await fitsThePhone(page);
  await tappable(page.locator(".roster-actions"));
});
