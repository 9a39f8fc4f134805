import { and, eq, sql } from "drizzle-orm";
import { batch, preparedRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";

/**
 * The communities a user may add events to, by name (for the new-event page and links). Who
 * manages a community is the communities area's rule (decision 045): its `isManager` on a
 * membership row and `managesSql` inside a write, which the event writes use (decision 056).
 */
export function managedCommunitiesQuery(userId: number) {
  const c = schema.communities;
  const m = schema.communityMembers;
  const s = schema.schools;
  return (
    getDb()
      .select({ id: c.id, name: c.name, state: s.state })
      .from(c)
      .innerJoin(m, eq(m.communityId, c.id))
      .leftJoin(s, eq(s.id, c.schoolId))
      // Literal terms: they match the partial index `community_members_managing` (decision 196).
      .where(and(eq(m.userId, userId), sql`${m.role} IN ('owner', 'manager') AND ${m.status} = 'active'`))
      .orderBy(c.name)
  );
}

/**
 * Whether the user may add events to any community (the calendar's "New event" link): one entry
 * of the managers' partial index, its terms literal as there (decision 196), not the list by name.
 * A membership's community exists (its key cascades), so no join. Compiled once per isolate.
 */
export const anyManagedCommunity = preparedRows<{ managing: number }>(
  () => sql`SELECT 1 AS managing FROM community_members m
    WHERE m.user_id = ${sql.placeholder("userId")} AND m.role IN ('owner', 'manager') AND m.status = 'active' LIMIT 1`,
);

/** The communities the user may add events to; a batch, so a loader's read joins the request's one round trip (decision 104). */
export async function listManagedCommunities(userId: number) {
  const { rows } = await batch({ rows: managedCommunitiesQuery(userId) });
  return rows;
}
