import { and, asc, count, eq, sql } from "drizzle-orm";
import { canPost, canSeeContent, isManager, joinActionFor } from "~/lib/community-rules";
import { type Cursor, type PostCard, postCardsQuery, toPostCard } from "~/server/content/post-cards.server";
import { batch } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { upcomingWindow } from "~/server/events/calendar.server";
import { avatarUrl } from "~/server/users/avatar";
import { communityWithMembershipQuery, membershipOf } from "./communities.server";

const m = schema.communityMembers;
const u = schema.users;

export const COMMUNITY_PAGE_POSTS = 20;
export const COMMUNITY_PAGE_MEMBERS = 24;

/**
 * Everything /communities/{id} shows, in one D1 batch. Someone who may not see the content of
 * a by-request or invitation community gets only its card and the join action (decision 045).
 */
export async function getCommunityPage(viewerId: number, communityId: number, now = Date.now()) {
  const db = getDb();
  // Its upcoming events (the calendar's agenda, decision 057) ride in the same batch.
  const { communityRows, memberRows, memberCount, pinnedRows, postRows, upcoming } = await batch({
    communityRows: communityWithMembershipQuery(viewerId, { id: communityId }),
    memberRows: db
      .select({ id: u.id, name: u.name, username: u.username, avatar: u.avatar, role: m.role })
      .from(m)
      .innerJoin(u, and(eq(u.id, m.userId), sql`${u.deletedAt} IS NULL`))
      .where(and(eq(m.communityId, communityId), eq(m.status, "active")))
      .orderBy(sql`CASE ${m.role} WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END`, asc(u.name))
      .limit(COMMUNITY_PAGE_MEMBERS),
    memberCount: db
      .select({ value: count() })
      .from(m)
      .where(and(eq(m.communityId, communityId), eq(m.status, "active"))),
    pinnedRows: postCardsQuery(viewerId, { kind: "community", communityId, pinned: true }, 5),
    postRows: postCardsQuery(viewerId, { kind: "community", communityId }, COMMUNITY_PAGE_POSTS),
    upcoming: upcomingWindow({ communityId }, now),
  });
  const community = communityRows[0];
  if (!community) return null;
  const membership = membershipOf(community);
  const visible = canSeeContent(community, membership);
  const pinned: PostCard[] = visible ? pinnedRows.map(toPostCard) : [];
  const pinnedIds = new Set(pinned.map((post) => post.id));
  return {
    community: {
      id: community.id,
      name: community.name,
      slug: community.slug,
      category: community.category,
      description: community.description,
      avatar: avatarUrl(community.avatar),
      joinPolicy: community.joinPolicy,
      postPolicy: community.postPolicy,
      requiresApproval: community.requiresApproval,
    },
    membership,
    visible,
    joinAction: joinActionFor(community, membership),
    canPost: canPost(community, membership),
    isManager: isManager(membership),
    // Owners are listed first, so the first page of members holds every owner but in a
    // community of more owners than that page: then the viewer is not the only one anyway.
    soleOwner:
      membership?.status === "active" &&
      membership.role === "owner" &&
      memberRows.filter((row) => row.role === "owner").length === 1,
    memberCount: memberCount[0]?.value ?? 0,
    members: visible ? memberRows.map((row) => ({ ...row, avatar: avatarUrl(row.avatar) })) : [],
    pinned,
    posts: visible ? postRows.map(toPostCard).filter((post) => !pinnedIds.has(post.id)) : [],
    upcoming: visible ? upcoming : [],
  };
}

export type CommunityPage = NonNullable<Awaited<ReturnType<typeof getCommunityPage>>>;

/**
 * A community's posts by cursor (the API's paging of what /communities/{id} shows), with the
 * community's row in the same batch: null when it does not exist, `visible: false` when the
 * viewer may not see its content (decision 045).
 */
export async function loadCommunityPosts(viewerId: number, communityId: number, cursor: Cursor | null) {
  const { communityRows, postRows } = await batch({
    communityRows: communityWithMembershipQuery(viewerId, { id: communityId }),
    postRows: postCardsQuery(viewerId, { kind: "community", communityId }, COMMUNITY_PAGE_POSTS + 1, cursor),
  });
  const community = communityRows[0];
  if (!community) return null;
  if (!canSeeContent(community, membershipOf(community))) return { visible: false as const };
  return {
    visible: true as const,
    posts: postRows.slice(0, COMMUNITY_PAGE_POSTS).map(toPostCard),
    hasMore: postRows.length > COMMUNITY_PAGE_POSTS,
  };
}
