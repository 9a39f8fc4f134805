import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/server/db/db.server";

/**
 * Confirmed parent–child links (issue 25 item 4, decision 158), as query builders to put in the
 * caller's one batch (decision 118): `batch({ children: confirmedChildrenOf(id) })`. Pending links
 * mean nothing outside this area: every rule elsewhere (who may message a student, a parent
 * reading their child's conversations) reads only these.
 */
export function confirmedChildrenOf(parentId: number) {
  const l = schema.familyLinks;
  return getDb()
    .select({ childId: l.childId, confirmedAt: l.confirmedAt })
    .from(l)
    .where(and(eq(l.parentId, parentId), eq(l.state, "confirmed")));
}

/** The parents whose link to `childId` is confirmed. */
export function confirmedParentsOf(childId: number) {
  const l = schema.familyLinks;
  return getDb()
    .select({ parentId: l.parentId, confirmedAt: l.confirmedAt })
    .from(l)
    .where(and(eq(l.childId, childId), eq(l.state, "confirmed")));
}

/** Whether `parentId` is a confirmed parent of `childId` (an empty result means no). */
export function confirmedLink(parentId: number, childId: number) {
  const l = schema.familyLinks;
  return getDb()
    .select({ parentId: l.parentId })
    .from(l)
    .where(and(eq(l.parentId, parentId), eq(l.childId, childId), eq(l.state, "confirmed")))
    .limit(1);
}
