import { expect, signInAs, test, waitForHydration } from "./support";

/** Each project changes its own seeded account's settings, so the two runs never collide. */
const account = () => `e2e_settings_${test.info().project.name === "js" ? "js" : "nojs"}`;

test.describe("the Notifications settings page (issue 23 item 7), at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("saves email, digest and quiet hours, and says what this device can do", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, account(), { to: "/profile/settings" });
    await page.getByRole("link", { name: /^Notifications:/ }).click();
    await expect(page).toHaveURL("/profile/settings/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

    const device = page.getByRole("region", { name: "Notifications on this device" });
    const noScript = "Turning on notifications needs JavaScript in this browser.";
    if (javaScriptEnabled) {
      // Never a permission prompt on load: the page only finds out what this browser can do.
      await expect(device.getByRole("status")).not.toHaveText(noScript, { timeout: 10_000 });
    } else {
      await expect(device.getByRole("status")).toHaveText(noScript);
      await expect(device.getByRole("button")).toHaveCount(0);
    }

    await expect(page.getByLabel("Posts in your communities")).toHaveValue("daily");
    await page.getByLabel("Posts in your communities").selectOption("weekly");
    await page.getByLabel("Chat messages").selectOption("off");
    await page.getByLabel("From").fill("22:30");
    await page.getByLabel("Send digests at").selectOption("18");
    await page.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.locator(".toast")).toContainText("Your notification settings have been saved.");
    await page.reload();
    await expect(page.getByLabel("Posts in your communities")).toHaveValue("weekly");
    await expect(page.getByLabel("Chat messages")).toHaveValue("off");
    await expect(page.getByLabel("From")).toHaveValue("22:30");
    await expect(page.getByLabel("Send digests at")).toHaveValue("18");

    // Nothing wider than the phone.
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  test("a bad time comes back at its field with what was typed", async ({ page, javaScriptEnabled }) => {
    await signInAs(page, account(), { to: "/profile/settings/notifications" });
    await waitForHydration(page, javaScriptEnabled);
    // A browser's time input never sends a bad time; a hand-made form post can. Typed and sent in
    // one step: a render in between would set the input's type back to "time" and empty it.
    await page.getByLabel("Until").evaluate((input: HTMLInputElement) => {
      input.type = "text";
      input.value = "7 am";
      const save = [...input.form!.querySelectorAll("button")].find(
        (b) => b.textContent === "Save notification settings",
      );
      input.form!.requestSubmit(save);
    });
    await expect(page.getByText("Enter a time like 21:00.")).toBeVisible();
    // What was typed comes back (a time input then shows it empty, with the message beside it).
    await expect(page.getByLabel("Until")).toHaveAttribute("value", "7 am");
  });
});
