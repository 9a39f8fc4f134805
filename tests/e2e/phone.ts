import type { Locator, Page } from "@playwright/test";
import { expect } from "./support";

/**
 * What a phone at 360 px needs of a part of a page (decision 194): nothing wider than the
 * screen, every link and button in it at least 44 px high, and no two of them touching or
 * overlapping (two buttons edge to edge read as one and a thumb hits the wrong one).
 */
export const PHONE = { width: 360, height: 740 };
const MIN_TARGET = 44;
const MIN_GAP = 4;

export async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "content wider than the phone").toBeLessThanOrEqual(0);
}

export async function tappable(scope: Locator) {
  const boxes = await scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a[href], button, summary, input:not([type=hidden]), textarea")]
      .filter((el) => el.checkVisibility() && !el.closest(".visually-hidden"))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "").trim();
        return {
          name: `<${el.tagName.toLowerCase()}> ${name.slice(0, 40)}`,
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        };
      }),
  );
  expect(boxes.length, "controls found").toBeGreaterThan(0);
  const problems: string[] = [];
  for (const [i, a] of boxes.entries()) {
    if (a.bottom - a.top < MIN_TARGET - 0.5) problems.push(`${a.name}: ${Math.round(a.bottom - a.top)} px high`);
    if (a.left < -1 || a.right > PHONE.width + 1) problems.push(`${a.name}: outside the screen`);
    for (const b of boxes.slice(i + 1)) {
      const apart = Math.max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom);
      if (apart < MIN_GAP) problems.push(`${a.name} and ${b.name}: ${Math.round(apart)} px apart`);
    }
  }
  expect(problems, problems.join("\n")).toEqual([]);
}

/** A quote (`quote`) uses the width of the card or page it is in, not the browser's 40 px indents. */
export async function quotedAtFullWidth(quote: Locator, container: Locator) {
  const [q, c] = [await quote.boundingBox(), await container.boundingBox()];
  expect(q && c, "quote and container shown").toBeTruthy();
  // The container's own padding (a card's 1 rem) is allowed; a browser indent of 40 px a side is not.
  expect(c!.width - q!.width, "room lost around the quote").toBeLessThanOrEqual(48);
}

/**
 * Holds the next POST to `path` (React Router's `.data` request with JavaScript) until the
 * returned function is called: long enough to see the form's pending state.
 */
export async function holdSubmission(page: Page, path: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === `${path}.data`,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * Presses `button` in `scope`; with JavaScript the request is held until the pending state is
 * seen: the pressed button says `pending` and waits, as does every other button of its form.
 */
export async function pressAndSeePending(
  page: Page,
  javaScriptEnabled: boolean,
  path: string,
  scope: Locator,
  button: string,
  pending: string,
) {
  if (!javaScriptEnabled) return scope.getByRole("button", { name: button, exact: true }).click();
  const release = await holdSubmission(page, path);
  await scope.getByRole("button", { name: button, exact: true }).click();
  const busy = scope.getByRole("button", { name: pending });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  for (const other of await busy.locator("xpath=ancestor::form").getByRole("button").all()) {
    await expect(other).toBeDisabled();
  }
  release();
}

/**
 * The contrast of a control drawn only by its colour (an icon button) against what is behind
 * it, in the theme the page shows: its text colour at its own opacity (and its ancestors'),
 * over the nearest background colour. WCAG 1.4.11 asks 3:1 (decision 194).
 */
export async function iconContrast(control: Locator) {
  return control.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    let back = [255, 255, 255];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
      if (a > 0 && r !== undefined) {
        back = [r, g!, b!];
        break;
      }
    }
    const fore = rgb(getComputedStyle(el).color)
      .slice(0, 3)
      .map((c, i) => c * opacity + back[i]! * (1 - opacity));
    const luminance = (c: number[]) =>
      c
        .map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

/** `iconContrast` in the light (d) and dark (h) themes: the class on <html> is all a theme is. */
export async function iconContrastInThemes(page: Page, control: Locator) {
  const found: Record<string, number> = {};
  const served = await page.evaluate(() => document.documentElement.className);
  for (const theme of ["theme-d", "theme-h"]) {
    await page.evaluate((name) => {
      document.documentElement.className = name;
    }, theme);
    found[theme] = Math.round((await iconContrast(control)) * 100) / 100;
  }
  await page.evaluate((name) => {
    document.documentElement.className = name;
  }, served);
  for (const [theme, ratio] of Object.entries(found)) expect(ratio, `contrast in ${theme}`).toBeGreaterThanOrEqual(3);
}
