import type { Page, TestInfo } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, signedInPage, test } from "./support";

/**
 * Issue 25, with and without JavaScript at the project's 360 px: a teacher turns on a join code,
 * prints the sheet (its print media shows the code and a QR that decodes to the link), a parent
 * joins an invitation-only community with the code at /communities, and a rotated code is refused.
 * Each project uses its own seeded people (scripts/seed/communities.mjs) and its own community.
 */
function person(testInfo: TestInfo, who: "owner" | "reporter") {
  const project = testInfo.project.name === "no-js" ? "nojs" : "js";
  return `e2e-communities-${who}-${project}@demo.schoolhub.test`;
}

async function decodeQr(page: Page) {
  const png = PNG.sync.read(await page.getByTestId("invite-qr").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function joinWithCode(page: Page, code: string) {
  await page.goto("/communities");
  await page.getByLabel("Join code").fill(code);
  await page.getByRole("button", { name: "Join", exact: true }).click();
}

test("a teacher hands out a code and a sheet; a parent joins; a rotated code is refused", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const name = `Room ${testInfo.project.name}-${Date.now().toString(36)}`;
  const teacher = await signedInPage(browser, testInfo, person(testInfo, "owner"), "/communities/create");
  await teacher.getByLabel("Name").fill(name);
  await teacher.getByLabel("Category").selectOption("classroom");
  await teacher.getByLabel("By invitation only").check();
  await teacher.getByRole("button", { name: "Create community" }).click();
  await expect(teacher).toHaveURL(/\/communities\/\d+$/);
  const id = teacher.url().split("/").pop();

  await teacher.goto(`/communities/${id}/manage/invite`);
  await teacher.getByRole("button", { name: "Turn on the join code and link" }).click();
  await expect(teacher).toHaveURL(`/communities/${id}/manage/invite`);
  const code = (await teacher.getByTestId("join-code").textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/);
  const link = (await teacher.locator(".invite-link").textContent())!.trim();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);

  // The printed page: the sheet alone, with the code and a QR of the link.
  await teacher.emulateMedia({ media: "print" });
  await expect(teacher.getByRole("button", { name: "Make a new code and link" })).toBeHidden();
  await expect(teacher.locator(".invite-sheet-code")).toHaveText(code);
  await expect(teacher.locator(".invite-sheet")).toContainText(`Join ${name} on SchoolHub`);
  expect(await decodeQr(teacher)).toBe(link);
  await teacher.emulateMedia({ media: "screen" });

  // A signed-in parent enters the code at /communities and joins the invitation-only community.
  const parent = await signedInPage(browser, testInfo, person(testInfo, "reporter"), "/communities");
  await joinWithCode(parent, code.toLowerCase().replace("-", " "));
  await expect(parent).toHaveURL(`/communities/${id}`);
  await expect(parent.locator(".toast")).toContainText(`You joined ${name}.`);

  // Rotated: the old code stops at once.
  await teacher.getByRole("button", { name: "Make a new code and link" }).click();
  await expect(teacher.getByTestId("join-code")).not.toHaveText(code);
  const other = await signedInPage(
    browser,
    testInfo,
    person(testInfo, "owner").replace("owner", "member"),
    "/communities",
  );
  await joinWithCode(other, code);
  await expect(other.getByRole("alert")).toHaveText("That code did not work. Check it and try again.");
  await expect(other).toHaveURL("/join");
});
