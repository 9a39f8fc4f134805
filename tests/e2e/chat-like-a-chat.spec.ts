import type { Page } from "@playwright/test";
import { iconContrastInThemes } from "./phone";
import { expect, signIn, test } from "./support";

/**
 * Chat behaves like a chat (issue 21, decision 122): the demo parent's chat with Terry holds 60
 * messages (scripts/seed/chat.mjs); it opens at the newest (or the first unread), JS on and off.
 */
const WIDTHS = [360, 1280] as const;

// In turn: one test's read of the chat would clear the unread message another one sent. Terry
// reads the 60 messages and sends; Pat only opens the conversation the unread test wrote to.
test.describe.configure({ mode: "default" });

const messageList = (page: Page) => page.getByRole("list", { name: "Messages" });

for (const width of WIDTHS) {
  test(`a chat of 60 messages opens at the newest, or the first unread, in view (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 760 });
    await signIn(page, "mrsteacher");
    await page.goto("/chat/@patparent");
    const items = messageList(page).locator("li.chat-message");
    await expect(items.nth(49)).toBeAttached();
    const unread = page.locator("#unread");
    const target = (await unread.count()) > 0 ? unread : items.last();
    await expect(target).toBeInViewport();
    // …and not the oldest one shown, 49 messages above.
    await expect(items.first()).not.toBeInViewport();
    // The header stays on one line: the way back and the name side by side, the name whole.
    const header = page.locator(".chat-thread-header");
    const title = header.getByRole("heading", { name: "Pat Parent" });
    await expect(title).toBeVisible();
    const box = await header.boundingBox();
    expect(box!.height).toBeLessThan(60);
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  });
}

test("the conversation list leads to the first unread message", async ({ page, javaScriptEnabled }, testInfo) => {
  // Someone writes to Pat through the API, so Pat has an unread message: Terry in their direct
  // chat for one browser project, Alex in the group for the other (the projects run side by side).
  const writer = javaScriptEnabled
    ? { email: "teacher@demo.schoolhub.test", name: "Terry Teacher", type: 0 }
    : { email: "alex@demo.schoolhub.test", name: "Pat Parent", type: 1 };
  const login = await page.request.post("/api/v2/auth/login", {
    data: { email: writer.email, password: "schoolhub-demo" },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get("/api/v2/conversation", { headers });
  type Listed = { id: number; type: number; title: string | null; participants: { name: string }[] };
  const conversations = ((await list.json()) as { data: { data: Listed[] } }).data.data;
  const withPat = conversations.find(
    (c) => c.type === writer.type && c.participants.some((p) => p.name === "Pat Parent"),
  );
  // Pat has read everything there so far.
  await signIn(page, "patparent");
  await page.goto(`/chat/${withPat!.id}`);
  await expect(messageList(page)).toBeVisible();
  // …and is elsewhere when the next one comes (an open conversation reads it live).
  await page.goto("/profile");
  const unique = `Unread for Pat ${testInfo.project.name} ${Date.now()}`;
  const sent = await page.request.post(`/api/v2/conversation/${withPat!.id}/messages`, {
    headers,
    data: { content: unique, clientMsgId: crypto.randomUUID() },
  });
  expect(sent.ok()).toBe(true);

  await page.goto("/chat");
  const row = page.locator(".chat-conversations a", { hasText: unique });
  await expect(row).toHaveAttribute("href", /#unread$/);
  // The count is heard with the row's link, and no row is a live region of its own (decision 236).
  await expect(row).toHaveAccessibleName(/1 unread message$/);
  await expect(page.locator(".chat-conversations").getByRole("status")).toHaveCount(0);
  await row.click();
  const first = page.locator("#unread");
  await expect(first).toContainText(unique);
  await expect(first).toBeInViewport();
});

test("Enter sends on a desktop, Shift+Enter adds a line, and the box is empty and focused after @js-only", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "mrsteacher");
  await page.goto("/chat/@patparent");
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");
  const box = page.getByLabel("Message", { exact: true });
  const unique = `Sent with Enter ${Date.now()}`;
  await box.click();
  await box.pressSequentially("first line");
  await box.press("Shift+Enter");
  await box.pressSequentially(unique);
  await expect(box).toHaveValue(`first line\n${unique}`);
  await box.press("Enter");
  await expect(messageList(page).locator("li.chat-message").last()).toContainText(unique);
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();

  // The Send button too leaves the box empty and focused for the next message.
  const second = `Sent with the button ${Date.now()}`;
  await box.fill(second);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messageList(page).locator("li.chat-message").last()).toContainText(second);
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
  // The server's copy joins the run of the one before (decision 229): "You" once, each later
  // message still named for screen readers.
  const last = messageList(page).locator("li.chat-message").last();
  await expect(last).toHaveClass(/\bchat-next\b/);
  await expect(last.locator(".chat-meta .visually-hidden")).toHaveText("You");
  await expect(last).toMatchAriaSnapshot(`
    - listitem:
      - paragraph:
        - text: You
        - time
  `);
  // Deleting one's own message is a quiet icon, named for screen readers, a 44 px target.
  const remove = messageList(page).locator("li.chat-message").last().getByRole("button", { name: "Delete message" });
  // The icon is the button's own ::before (decision 216): drawn, 16 px.
  await expect(remove).toHaveClass(/\bwith-icon i-trash\b/);
  expect(await remove.evaluate((button) => getComputedStyle(button, "::before").width)).toBe("16px");
  await expect(remove.locator(".visually-hidden")).toHaveText("Delete message");
  await iconContrastInThemes(page, remove);
  const target = await remove.boundingBox();
  expect(target!.width).toBeGreaterThanOrEqual(44);
  expect(target!.height).toBeGreaterThanOrEqual(44);
});

test("earlier messages load above without moving what is on screen @js-only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "mrsteacher");
  await page.goto("/chat/@patparent");
  const items = messageList(page).locator("li.chat-message");
  await expect(items.nth(49)).toBeAttached();
  const before = await items.count();
  // Scroll to the top of what is loaded: the earlier page comes. Where the oldest message sat
  // then is read in the same task, before the earlier page can arrive.
  const id = await items.first().locator(".chat-bubble").getAttribute("id");
  const top = await page.locator(".chat-scroller").evaluate((element, oldest) => {
    element.scrollTop = -(element.scrollHeight - element.clientHeight);
    return element.querySelector(`#${oldest}`)!.getBoundingClientRect().top;
  }, id);
  await expect.poll(() => items.count()).toBeGreaterThan(before);
  const shown = page.locator(`#${id}`);
  await page.waitForTimeout(300);
  // The message that was at the top is still where it was: the earlier ones went above it.
  expect(Math.abs((await shown.boundingBox())!.y - top)).toBeLessThan(4);
  await expect(shown).toBeInViewport();
});
