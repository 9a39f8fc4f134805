import { type AddedComment, addComment as addOrRefuse } from "~/server/content/comments.server";

/**
 * The service's `addComment` for tests that set comments up: the comment, or null when it is not
 * found; a refusal with a reason (a parent's consent, decision 185) fails the test at once.
 */
export async function addComment(...args: Parameters<typeof addOrRefuse>): Promise<AddedComment | null> {
  const result = await addOrRefuse(...args);
  if (result && "refused" in result) throw new Error(`comment refused: ${result.refused}`);
  return result;
}
