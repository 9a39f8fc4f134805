import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "~/server/db/db.server";

/**
 * Who may create, edit and cancel a community's events: its active owners and managers
 * (decision 056). The communities area owns memberships; this reads them only, and the lead
 * may fold it into that area's own check.
 */
const m = schema.communityMembers;

/** An SQL condition, usable inside the write it guards, so the check and the write are one. */
export function isManagerOf(userId: number, communityId: number | SQLiteColumn | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM community_members WHERE community_members.community_id = ${communityId}
    AND community_members.user_id = ${userId} AND community_members.status = 'active'
    AND community_members.role IN ('owner', 'manager'))`;
}

export async function isCommunityManager(userId: number, communityId: number): Promise<boolean> {
  const rows = await getDb()
    .select({ role: m.role })
    .from(m)
    .where(
      and(
        eq(m.communityId, communityId),
        eq(m.userId, userId),
        eq(m.status, "active"),
        inArray(m.role, ["owner", "manager"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The communities a user may add events to, by name (for the new-event page and links). */
export function managedCommunitiesQuery(userId: number) {
  const c = schema.communities;
  const s = schema.schools;
  return getDb()
    .select({ id: c.id, name: c.name, state: s.state })
    .from(c)
    .innerJoin(m, eq(m.communityId, c.id))
    .leftJoin(s, eq(s.id, c.schoolId))
    .where(and(eq(m.userId, userId), eq(m.status, "active"), inArray(m.role, ["owner", "manager"])))
    .orderBy(c.name);
}
