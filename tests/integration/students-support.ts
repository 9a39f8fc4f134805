import { issueTokens } from "~/server/auth/tokens.server";
import { getDb, schema } from "~/server/db/db.server";

/** The students tests' shared steps (decisions 175, 185). */

/** JSON API headers with a fresh Bearer token for `userId`. */
export async function bearer(userId: number) {
  const { token } = await issueTokens(userId);
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

/** A confirmed family link (decision 158), as if the child had confirmed it. */
export async function linkParent(parentId: number, childId: number) {
  await getDb()
    .insert(schema.familyLinks)
    .values({ parentId, childId, state: "confirmed", code: "TEST-CODE", confirmedAt: Date.now() });
}
