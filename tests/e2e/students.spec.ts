import { tappable } from "./phone";
import { expect, signedInPage, test } from "./support";

/**
 * A parent marks their linked child as a student and gives consent, at 360 px, with and without
 * JavaScript (issue 26 item 1, decision 175). Each project has its own parent and child
 * (scripts/seed/students.mjs).
 */
const PHONE = { width: 360, height: 740 };

test("a parent marks their child as a student under 13, gives consent and turns classmates off", async ({
  browser,
}, testInfo) => {
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const page = await signedInPage(browser, testInfo, `e2e-student-parent-${p}@demo.schoolhub.test`, "/profile/family");
  await page.setViewportSize(PHONE);
  const year = new Date().getUTCFullYear() - 10;
  const child = page.getByRole("listitem").filter({ hasText: `Student Child ${p}` });

  await tappable(child.locator(".student-controls"));
  await child.getByLabel("Birth year").fill(String(year));
  await child.getByRole("button", { name: "This is a student's account" }).click();
  await expect(child.getByText(`A student's account (born ${year}).`)).toBeVisible();
  await expect(child.getByText("Under 13: your consent is needed before they can post or chat.")).toBeVisible();

  await child.getByRole("button", { name: "Give consent" }).click();
  await expect(child.getByText("You gave consent: they can post and chat.")).toBeVisible();
  await child.getByRole("button", { name: "Turn off messages with other students" }).click();
  await expect(child.getByText("Messages with other students are off.")).toBeVisible();

  // Nothing leaves the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Every button a 44 px target, none touching the next (decision 194: they used to stack edge to edge).
  await tappable(child.locator(".student-controls"));
});
