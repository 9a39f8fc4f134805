import { and, asc, eq, type SQLWrapper, sql } from "drizzle-orm";
import { canPost, isManager, type Membership, type Policies } from "~/lib/community-rules";
import { batch, single } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "~/server/users/avatar";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";

const c = schema.communities;
const m = schema.communityMembers;

export type CommunityCategory = (typeof schema.COMMUNITY_CATEGORIES)[number];

export type CommunityInput = {
  name: string;
  slug: string;
  category: CommunityCategory;
  description: string;
  joinPolicy: Policies["joinPolicy"];
  postPolicy: Policies["postPolicy"];
  requiresApproval: boolean;
};

export type CreateResult = { status: "created"; id: number; slug: string } | { status: "slug_taken" | "slug_school" };

/**
 * `/{slug}` is one namespace (SPEC §2, decision 068): a school's slug is the school's, so a
 * statement that gives a community a slug carries this condition and writes nothing when a
 * school holds it: the check and the write are one step.
 */
export function slugFreeOfSchoolsSql(slug: string) {
  return sql`NOT EXISTS (SELECT 1 FROM schools s WHERE s.slug = ${slug})`;
}

/**
 * Creates a community; its creator is its first owner (one batch: both rows or neither). The
 * owner row is only ever added to a community without members, the one just inserted.
 */
export async function createCommunity(owner: Actor, input: CommunityInput): Promise<CreateResult> {
  const ownerId = owner.id;
  const current = tokenIsCurrent(owner.id, owner.tokenVersion);
  try {
    const results = await batchAs(owner, {
      inserted: sql`INSERT INTO communities
        (slug, name, category, description, join_policy, post_policy, requires_approval, owner_id)
        SELECT ${input.slug}, ${input.name}, ${input.category}, ${input.description}, ${input.joinPolicy},
          ${input.postPolicy}, ${input.requiresApproval ? 1 : 0}, ${ownerId}
        WHERE ${slugFreeOfSchoolsSql(input.slug)} AND ${current}
        RETURNING id, slug`,
      owner: sql`INSERT INTO community_members (community_id, user_id, role, status)
        SELECT c.id, ${ownerId}, 'owner', 'active' FROM communities c
        WHERE c.slug = ${input.slug} AND c.owner_id = ${ownerId} AND ${current}
          AND NOT EXISTS (SELECT 1 FROM community_members x WHERE x.community_id = c.id)`,
    });
    const row = (results.inserted as { id: number; slug: string }[])[0];
    if (!row) return { status: "slug_school" };
    return { status: "created", id: row.id, slug: row.slug };
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) return { status: "slug_taken" };
    throw error;
  }
}

export type CommunitySummary = {
  id: number;
  name: string;
  slug: string;
  category: CommunityCategory;
  description: string;
  avatar: string;
  joinPolicy: Policies["joinPolicy"];
};

const summaryColumns = {
  id: c.id,
  name: c.name,
  slug: c.slug,
  category: c.category,
  description: c.description,
  avatar: c.avatar,
  joinPolicy: c.joinPolicy,
};

/**
 * SPEC §3 client state: the subscribed (active member), owned (role owner) and postable
 * communities of a user, from one statement (batchable).
 */
export function myCommunitiesQuery(userId: number | SQLWrapper) {
  return getDb()
    .select({ ...summaryColumns, postPolicy: c.postPolicy, requiresApproval: c.requiresApproval, role: m.role })
    .from(m)
    .innerJoin(c, eq(c.id, m.communityId))
    .where(and(eq(m.userId, userId), eq(m.status, "active")))
    .orderBy(asc(c.name));
}

export type MyCommunities = {
  subscribed: CommunitySummary[];
  owned: CommunitySummary[];
  postable: CommunitySummary[];
};

export function toMyCommunities(rows: Awaited<ReturnType<typeof myCommunitiesQuery>>): MyCommunities {
  const summary = ({ postPolicy: _p, requiresApproval: _r, role: _role, ...rest }: (typeof rows)[number]) => ({
    ...rest,
    avatar: avatarUrl(rest.avatar),
  });
  const membership = (row: (typeof rows)[number]): Membership => ({ role: row.role, status: "active" });
  return {
    subscribed: rows.filter((row) => row.role !== "owner").map(summary),
    owned: rows.filter((row) => row.role === "owner").map(summary),
    postable: rows.filter((row) => canPost(row, membership(row))).map(summary),
  };
}

export async function listMyCommunities(userId: number): Promise<MyCommunities> {
  // A batch, not a lone select: it joins the request's one round trip (decision 104).
  const { rows } = await batch({ rows: myCommunitiesQuery(userId) });
  return toMyCommunities(rows);
}

/** A community by id or slug with the viewer's membership (batchable). */
export function communityWithMembershipQuery(viewerId: number, where: { id: number } | { slug: string }) {
  return getDb()
    .select({
      ...summaryColumns,
      postPolicy: c.postPolicy,
      requiresApproval: c.requiresApproval,
      role: m.role,
      status: m.status,
    })
    .from(c)
    .leftJoin(m, and(eq(m.communityId, c.id), eq(m.userId, viewerId)))
    .where("id" in where ? eq(c.id, where.id) : eq(c.slug, where.slug))
    .limit(1);
}

export type CommunityRow = Awaited<ReturnType<typeof communityWithMembershipQuery>>[number];

export function membershipOf(row: Pick<CommunityRow, "role" | "status">): Membership {
  return row.role && row.status ? { role: row.role, status: row.status } : null;
}

export async function loadCommunity(viewerId: number, id: number) {
  const [row] = await single(communityWithMembershipQuery(viewerId, { id }));
  return row ? { community: row, membership: membershipOf(row) } : null;
}

/** The id of the community with this slug, for /{slug} (SPEC §2 catch-all). */
export async function findCommunityIdBySlug(slug: string): Promise<number | null> {
  // A batch, not a lone select: it joins the request's one round trip (decision 104).
  const {
    rowRows: [row],
  } = await batch({ rowRows: getDb().select({ id: c.id }).from(c).where(eq(c.slug, slug)).limit(1) });
  return row?.id ?? null;
}

/** The same rule in SQL, for writes that check inside the statement (events use it: decision 056). */
export { managesSql } from "~/server/content/visibility.server";
export { isManager };
