import { pressAndSeePending, tappable } from "./phone";
import { expect, signedInPage, test } from "./support";

/**
 * A linked parent reads their child's conversation with a teacher from Family, read-only, at
 * 360 px, with and without JavaScript (issue 26 item 2, decision 185). Each project has its own
 * parent, student and teacher (scripts/seed/students.mjs).
 */
const PHONE = { width: 360, height: 740 };
const NOTICE = "Conversations with students are visible to their parents";

test("a parent opens their child's conversation with a teacher from Family and reads it without a composer", async ({
  browser,
}, testInfo) => {
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const page = await signedInPage(browser, testInfo, `e2e-pv-parent-${p}@demo.schoolhub.test`, "/profile/family");
  await page.setViewportSize(PHONE);
  const child = page
    .getByRole("listitem")
    .filter({ hasText: `Reading Student ${p}` })
    .first();
  await expect(child.getByRole("heading", { name: "Conversations with staff" })).toBeVisible();
  // At 360 px the student controls and the conversation links are 44 px targets, apart (decision 194).
  await tappable(child.locator(".student-controls"));
  await tappable(child.getByTestId("child-conversations"));
  await child.getByRole("link", { name: `With Reading Teacher ${p}` }).click();

  await expect(page).toHaveURL(/\/chat\/\d+$/);
  // Measured below: the page's stylesheets must have come (a click waits for the new page's
  // commit, not its load; the full suite once measured the unstyled link at 19 px).
  await page.waitForLoadState("load");
  await expect(page.getByText(`Your science project is due Friday ${p}`)).toBeVisible();
  await expect(page.getByText(`I will hand it in on Thursday ${p}`)).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(
    page.getByText("You can read this conversation because you are a parent of the student in it."),
  ).toBeVisible();
  // Read-only: no message box, no Send.
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send" })).toHaveCount(0);

  // Nothing leaves the phone's width; the way back to Family is a 44 px target.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const back = page.getByRole("link", { name: "Family" }).first();
  const box = await back.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await back.click();
  await expect(page).toHaveURL(/\/profile\/family$/);
});

test("the teacher sees that the student's parents can read their conversation", async ({ browser }, testInfo) => {
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const page = await signedInPage(browser, testInfo, `e2e-pv-teacher-${p}@demo.schoolhub.test`, "/chat");
  await page.setViewportSize(PHONE);
  await page
    .getByRole("link", { name: new RegExp(`Reading Student ${p}`) })
    .first()
    .click();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a class's teacher marks a pupil as a student from the members list", async ({ browser }, testInfo) => {
  const p = testInfo.project.name === "no-js" ? "nojs" : "js";
  const page = await signedInPage(browser, testInfo, `e2e-pv-teacher-${p}@demo.schoolhub.test`, "/communities");
  await page.setViewportSize(PHONE);
  await page
    .getByRole("link", { name: `Reading Class ${p}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/communities\/\d+$/);
  await page.getByRole("link", { name: "Manage", exact: true }).click();
  await expect(page).toHaveURL(/\/communities\/\d+\/manage$/);
  await page.goto(`${new URL(page.url()).pathname}/members`);
  const pupil = page.getByRole("listitem").filter({ hasText: `Reading Pupil ${p}` });
  const year = new Date().getUTCFullYear() - 11;
  await pupil.getByLabel("Birth year").fill(String(year));
  // With JavaScript the button says "Saving…" while it is sent (decision 194).
  const members = new URL(page.url()).pathname;
  await pressAndSeePending(page, p === "js", members, pupil, "Mark as a student", "Saving…");
  const marked = page.getByRole("listitem").filter({ hasText: `Reading Pupil ${p}` });
  await expect(marked.getByText(`Student, born ${year}`)).toBeVisible();
  await expect(marked.getByText("waiting for a parent's consent")).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const button of await marked.getByRole("button").all()) {
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await marked.getByRole("button", { name: "Not a student" }).click();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: `Reading Pupil ${p}` })
      .getByRole("button", { name: "Mark as a student" }),
  ).toBeVisible();
});
