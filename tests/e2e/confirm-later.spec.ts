import { expect, signInAs, test } from "./support";

/**
 * A Delete button makes its dialog and the dialog's fetcher only when first asked (decision 213):
 * cancelled, it asks again; confirmed, the comment goes, on a post's page whose comments are
 * drawn by the hook-free CommentList. Without JavaScript the confirmation page asks (other specs).
 */
test("a comment's Delete asks again after No, and deletes after Yes @js-only", async ({ page }) => {
  // Signed in on the newsfeed, as loaded: the first post's page is the one looked at.
  await signInAs(page, "patparent");
  const postId = (await page.getByRole("article").first().getAttribute("id"))?.slice("post-".length);
  await page.goto(`/content/${postId}`);
  const text = `Deleted later ${Date.now()}`;
  const box = page.getByRole("main").getByLabel("Write a comment", { exact: true }).last();
  await box.fill(text);
  await page.getByRole("main").getByRole("button", { name: "Comment", exact: true }).last().click();
  const comment = page.locator("li.comment", { hasText: text });
  await expect(comment).toBeVisible();
  const question = "Are you sure you want to delete this comment?";
  const ask = async () => {
    await comment.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: question });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  await comment.getByTitle("Comment actions", { exact: true }).click();
  await (await ask()).getByRole("button", { name: "No", exact: true }).click();
  await expect(page.getByRole("dialog", { name: question })).toBeHidden();
  await expect(comment).toBeVisible();
  // No leaves the reader where they were: the menu still open on its Delete.
  await (await ask()).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(comment).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: question })).toBeHidden();
});
