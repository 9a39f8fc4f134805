import { and, eq, sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

const l = schema.familyLinks;
const fc = schema.familyCodes;
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A child's link code: 8 letters without 0/O/1/I (`FAM-K7PQ4M2X` style, shown as `K7PQ-4M2X`). */
export function newFamilyCode() {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => ALPHABET[byte % 32]).join("");
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

function normalize(input: string) {
  const letters = input.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== 8 || [...letters].some((letter) => !ALPHABET.includes(letter))) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/**
 * /profile/family's reads and the code write in one batch (decision 158): the account's code
 * (made the first time), the links where it is the parent and where it is the child.
 */
export async function getFamilyPage(userId: number) {
  const other = sql`(SELECT name FROM users WHERE id = `;
  const { code, children, parents } = await batch({
    ensure: sqlRows(sql`INSERT INTO family_codes (user_id, code) VALUES (${userId}, ${newFamilyCode()})
      ON CONFLICT DO NOTHING`),
    code: getDb().select({ code: fc.code }).from(fc).where(eq(fc.userId, userId)),
    children: getDb()
      .select({ id: l.childId, name: sql<string>`${other}${l.childId})`, state: l.state })
      .from(l)
      .where(eq(l.parentId, userId)),
    parents: getDb()
      .select({ id: l.parentId, name: sql<string>`${other}${l.parentId})`, state: l.state })
      .from(l)
      .where(eq(l.childId, userId)),
  });
  return { code: code[0]?.code ?? "", children, parents };
}

/** A parent asks to link with the code the child's account shows; pending until confirmed. */
export async function askFamilyLink(parent: Actor, input: string) {
  const code = normalize(input);
  if (!code) return "wrong" as const;
  const { asked } = await batchAs(parent, {
    asked: sql`INSERT INTO family_links (parent_id, child_id, state, code)
      SELECT ${parent.id}, fc.user_id, 'pending', fc.code FROM family_codes fc
      JOIN users u ON u.id = fc.user_id AND u.deleted_at IS NULL
      WHERE fc.code = ${code} AND fc.user_id != ${parent.id}
      ON CONFLICT DO NOTHING RETURNING child_id`,
  });
  return asked.length > 0 ? ("asked" as const) : ("wrong" as const);
}

/**
 * Confirms (or declines) a pending link: the child, or a manager of a community the child is an
 * active member of. The rule is the write's WHERE, so no page can skip it.
 */
export async function answerFamilyLink(actor: Actor, parentId: number, childId: number, confirm: boolean) {
  const allowed = sql`(${actor.id} = ${childId} OR EXISTS (SELECT 1 FROM community_members child
    JOIN community_members mm ON mm.community_id = child.community_id AND mm.user_id = ${actor.id}
      AND mm.status = 'active' AND mm.role IN ('owner', 'manager')
    WHERE child.user_id = ${childId} AND child.status = 'active'))`;
  const mine = and(eq(l.parentId, parentId), eq(l.childId, childId), eq(l.state, "pending"), allowed);
  const current = tokenIsCurrent(actor.id, actor.tokenVersion);
  const db = getDb();
  const { done } = await batchAs(actor, {
    done: confirm
      ? db
          .update(l)
          .set({ state: "confirmed", confirmedBy: actor.id, confirmedAt: Date.now() })
          .where(and(mine, current))
          .returning({ childId: l.childId })
      : db.delete(l).where(and(mine, current)).returning({ childId: l.childId }),
  });
  return done.length > 0;
}

/**
 * "parent of Sam S." labels of a community's members: confirmed links where parent and child are
 * both active members, and the roster's students a manager confirmed as an active member's
 * child (decision 174), shown to the community's managers and to the people concerned only.
 */
export function familyLabelsQuery(viewerId: number, communityId: number) {
  const manages = sql`EXISTS (SELECT 1 FROM community_members mm WHERE mm.community_id = ${communityId}
    AND mm.user_id = ${viewerId} AND mm.status = 'active' AND mm.role IN ('owner', 'manager'))`;
  return sqlRows<{ parentId: number; childName: string }>(sql`SELECT parentId, childName FROM (
    SELECT fl.parent_id AS parentId, u.name AS childName
    FROM family_links fl
    JOIN users u ON u.id = fl.child_id AND u.deleted_at IS NULL
    JOIN community_members p ON p.community_id = ${communityId} AND p.user_id = fl.parent_id AND p.status = 'active'
    JOIN community_members c ON c.community_id = ${communityId} AND c.user_id = fl.child_id AND c.status = 'active'
    WHERE fl.state = 'confirmed' AND (fl.parent_id = ${viewerId} OR fl.child_id = ${viewerId} OR ${manages})
    UNION
    SELECT rp.parent_id AS parentId, rp.student AS childName
    FROM roster_parents rp
    JOIN community_members p ON p.community_id = rp.community_id AND p.user_id = rp.parent_id AND p.status = 'active'
    WHERE rp.community_id = ${communityId} AND rp.state = 'confirmed' AND (rp.parent_id = ${viewerId} OR ${manages})
  ) ORDER BY childName`);
}

/** "Sam Smith" → "Sam S.": the child's first name and initial. */
export function shortName(name: string) {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : first;
}
