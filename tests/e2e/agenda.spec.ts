import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./support";

/**
 * The calendar on a phone (issue 21 item 5, decision 124), with and without JavaScript: the
 * month's agenda starts today, marked, with the earlier days folded above; the new-event form
 * fits 360 px; an answer leaves the reader at the answers. Pat's month holds 40 demo events
 * spread over it (scripts/seed/events.mjs).
 */
const PHONE = { width: 360, height: 740 };

/** The day numbers of the agenda's items that are on show, top to bottom (each under its day, decision 210). */
const shownDays = (page: Page) =>
  page
    .locator(".month-days .agenda > li")
    .filter({ visible: true })
    .evaluateAll((items) =>
      items.map((item) => Number(item.closest(".month-day")?.querySelector(".month-day-number")?.textContent)),
    );

test("the phone's agenda starts today, marked, with the month's earlier days folded above", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, "patparent", { to: "/calendar" });
  const marker = page.locator(".month-days h2.agenda-today");
  await expect(marker).toBeVisible();
  await expect(marker).toContainText("Today");
  const today = Number(/\d+/.exec((await marker.textContent()) ?? "")?.[0]);
  // The first day on show is today or later, and nothing from before today is on show.
  const days = await shownDays(page);
  expect(days.length).toBeGreaterThan(0);
  for (const day of days) expect(day).toBeGreaterThanOrEqual(today);
  // The marker comes before every event on show: the first thing of the agenda the reader sees.
  const markerTop = (await marker.boundingBox())!.y;
  const firstItem = page.locator(".month-days .agenda > li").filter({ visible: true }).first();
  expect((await firstItem.boundingBox())!.y).toBeGreaterThan(markerTop);
  // A screen reader hears each date's day: its day's hidden heading, the link's description (decision 228).
  const firstLink = firstItem.locator("a.month-event");
  await expect(firstLink).toHaveAccessibleDescription(/^\w{3} \d{1,2} \w{3}$/);
  const day = await firstLink.evaluate(
    (link) => document.getElementById(link.getAttribute("aria-describedby")!)!.textContent!,
  );
  await expect(page.getByRole("heading", { level: 2, name: day, exact: true })).toHaveCount(1);
  // The way back: the earlier days open above, without JavaScript too (a checkbox's label, decision 210).
  const earlier = page.locator("label.month-earlier");
  if (today > 1 && (await earlier.count()) > 0) {
    await expect(earlier).toHaveText(/^Earlier this month: \d+ events?$/);
    await earlier.click();
    const all = await shownDays(page);
    expect(all.length).toBeGreaterThan(days.length);
    expect(all[0]).toBeLessThan(today);
  }
  // Only days with dates are on show: the grid's empty days and padding are not the agenda's.
  const shownCells = page.locator(".month-days > li:not(.month-today-marker)").filter({ visible: true });
  expect(await shownCells.evaluateAll((cells) => cells.every((cell) => cell.querySelector(".agenda > li")))).toBe(true);
});

test("at 1280 px the same markup is the month grid: weeks of seven days, today marked, no agenda parts", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "patparent", { to: "/calendar" });
  await expect(page.locator(".month-days .month-today")).toHaveCount(1);
  await expect(page.locator(".month-days .month-today")).toBeVisible();
  await expect(page.locator(".month-weekdays")).toBeVisible();
  // The phone's parts are not on show: the marker, the fold and each date's second line.
  await expect(page.locator("h2.agenda-today")).toBeHidden();
  await expect(page.locator("label.month-earlier")).toBeHidden();
  await expect(page.locator(".month-days .month-event + span").first()).toBeHidden();
  // The grid's links say their day too: "6:00 PM Title", described by "Sun 1 Nov" (decision 228).
  await expect(page.locator(".month-days a.month-event").first()).toHaveAccessibleDescription(/^\w{3} \d{1,2} \w{3}$/);
  // A week is a row: the first seven cells side by side, the eighth under them; no day a phone
  // would hide is hidden here (empty days and the padding cells fill the weeks).
  const tops = await page
    .locator(".month-days > li")
    .filter({ visible: true })
    .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)));
  expect(tops.length % 7).toBe(0);
  expect(new Set(tops.slice(0, 7)).size).toBe(1);
  expect(tops[7]).toBeGreaterThan(tops[0]!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test("the new-event form fits 360 px: dates, times and Repeats are whole", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // A manager of a community (scripts/seed/events.mjs): the form is theirs to fill.
  await signInAs(page, `e2e-cal-manager-${test.info().project.name === "no-js" ? "nojs" : "js"}@demo.schoolhub.test`, {
    to: "/calendar/new",
  });
  const form = page.locator("form.event-form");
  await expect(form).toBeVisible();
  const edge = await form.evaluate((element) => element.getBoundingClientRect().right);
  for (const label of ["Starts on", "Start time", "End time", "Repeats", "Repeats until"]) {
    const control = page.getByLabel(label, { exact: true });
    const box = (await control.boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(Math.min(edge, PHONE.width) + 0.5);
    expect(box.width, label).toBeGreaterThan(120);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("after an answer the page stays at the answers, not at its top under the notice", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  // Pat belongs to the demo communities whose events fill the month.
  await signInAs(page, "patparent", { to: "/calendar" });
  // One of the events Pat may answer (a community's, not a school's, not over yet): this month's
  // or, late in a month when this month's are past, next month's.
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
  const links = page.locator(".month-days a.month-event").filter({ visible: true });
  let found = false;
  for (const month of ["/calendar", `/calendar?month=${next}`]) {
    await page.goto(month);
    const count = Math.min(await links.count(), 12);
    for (let i = 0; i < count && !found; i += 1) {
      await page.goto(month);
      await links.nth(i).click();
      // The event's page, not the calendar's own heading while a script's navigation is under way.
      await expect(page).toHaveURL(/\/calendar\/events\/\d+/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      found = (await page.getByRole("button", { name: "Maybe", exact: true }).count()) > 0;
    }
    if (found) break;
  }
  expect(found, "an event Pat may answer this month or next").toBe(true);
  // A short screen, scrolled down to the answers: the page must not go back to its top.
  await page.setViewportSize({ width: 360, height: 480 });
  const maybe = page.getByRole("button", { name: "Maybe", exact: true });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await maybe.click();
  await expect(page.locator(".toast")).toBeVisible();
  await expect(page.getByText("Your answer: Maybe").first()).toBeVisible();
  if (!javaScriptEnabled) await expect(page).toHaveURL(/#rsvp$/);
  // The answers are on screen, and the page did not go back to its top (the back link).
  const rsvp = await page.locator("#rsvp").boundingBox();
  expect(rsvp!.y).toBeLessThan(480);
  expect(rsvp!.y + rsvp!.height).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
