import { expect, signInAs, test } from "./support";

/**
 * Issue 22 item 3 (decision 113): a search text over 100 characters is named at its box on every
 * search page, with what was typed kept, with and without JavaScript. Sam only reads here.
 */
const TOO_LONG = "x".repeat(101);

const SEARCHES = [
  ["/profile/friends", "#friends-search-q"],
  ["/chat/new", "#chat-find"],
  ["/communities/search", "#search-q"],
  ["/schools", "#school-q"],
] as const;

// One sign-in for the four pages: each is opened with the too-long text, as its form would send it.
test("every search page says a search text is too long, at the box, and keeps it", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const [first, ...others] = SEARCHES.map(([path, box]) => ({ path, box, url: `${path}?q=${TOO_LONG}` }));
  await signInAs(page, "student@demo.schoolhub.test", { to: first!.url });
  for (const { path, box, url } of [first!, ...others]) {
    if (url !== first!.url) await page.goto(url);
    const input = page.locator(box);
    await expect(input, path).toHaveValue(TOO_LONG);
    await expect(input, path).toHaveAttribute("aria-invalid", "true");
    const error = page.locator(
      `#${await input.getAttribute("aria-describedby").then((ids) => ids?.split(" ").at(-1))}`,
    );
    await expect(error, path).toHaveText("Search text can be at most 100 characters.");
    // Nothing outside a 360 px screen because of it.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
