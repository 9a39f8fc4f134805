import { and, asc, eq, sql } from "drizzle-orm";
import { postCardsQuery, toPostCard } from "~/server/content/post-cards.server";
import { batch, type Statement, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { avatarUrl } from "~/server/users/avatar";
import { communityWithMembershipQuery } from "./communities.server";
import { countsQueries, managerAccess } from "./manage.server";

const m = schema.communityMembers;
const u = schema.users;

/** What the manage pages read, each in one D1 batch with the permission row (decision 045). */
function peopleQuery(communityId: number, status: "active" | "pending" | "invited") {
  return getDb()
    .select({ id: u.id, name: u.name, username: u.username, avatar: u.avatar, role: m.role, since: m.createdAt })
    .from(m)
    .innerJoin(u, and(eq(u.id, m.userId), sql`${u.deletedAt} IS NULL`))
    .where(and(eq(m.communityId, communityId), eq(m.status, status)))
    .orderBy(sql`CASE ${m.role} WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END`, asc(u.name));
}

const people = (rows: Awaited<ReturnType<typeof peopleQuery>>) =>
  rows.map((row) => ({ ...row, avatar: avatarUrl(row.avatar) }));

export async function getManageOverview(viewerId: number, communityId: number) {
  const { community, requests, posts, reports, members } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    ...countsQueries(communityId),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  const value = (rows: { value: number }[]) => rows[0]?.value ?? 0;
  return {
    ...access,
    counts: { requests: value(requests), posts: value(posts), reports: value(reports), members: value(members) },
  };
}

/** `labels`: a higher area's per-member labels (families' "parent of Sam S."), read in the same batch. */
export async function getManageMembers<L = never[]>(viewerId: number, communityId: number, labels?: Statement<L>) {
  const { community, members, invited, extra } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    members: peopleQuery(communityId, "active"),
    invited: peopleQuery(communityId, "invited"),
    extra: labels ?? sqlRows<never>(sql`SELECT 1 WHERE 0`),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  return { ...access, members: people(members), invited: people(invited), labels: extra as L };
}

export async function getManageRequests(viewerId: number, communityId: number) {
  const { community, requests } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    requests: peopleQuery(communityId, "pending"),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  return { ...access, requests: people(requests) };
}

/** Reported comments of the community, with their post, author and every reason given. */
function reportedCommentsQuery(communityId: number) {
  return sqlRows<{ id: number; postId: number; body: string; authorName: string | null; reasons: string }>(sql`
    SELECT k.id, k.post_id AS postId, k.body, u.name AS authorName,
      (SELECT json_group_array(r.reason) FROM reports r
        WHERE r.target_type = 'comment' AND r.target_id = k.id AND r.community_id = ${communityId}) AS reasons
    FROM comments k JOIN posts p ON p.id = k.post_id
    LEFT JOIN users u ON u.id = k.author_id AND u.deleted_at IS NULL
    WHERE p.community_id = ${communityId}
      AND EXISTS (SELECT 1 FROM reports r WHERE r.target_type = 'comment' AND r.target_id = k.id AND r.community_id = ${communityId})
    ORDER BY k.id DESC LIMIT 50`);
}

export async function getManagePosts(viewerId: number, communityId: number) {
  const { community, pending, reported, reasons, comments } = await batch({
    community: communityWithMembershipQuery(viewerId, { id: communityId }),
    pending: postCardsQuery(viewerId, { kind: "pending", communityId }, 50),
    reported: postCardsQuery(viewerId, { kind: "reported", communityId }, 50),
    reasons: getDb()
      .select({ targetId: schema.reports.targetId, reason: schema.reports.reason })
      .from(schema.reports)
      .where(and(eq(schema.reports.communityId, communityId), eq(schema.reports.targetType, "post")))
      .orderBy(asc(schema.reports.createdAt))
      .limit(500),
    comments: reportedCommentsQuery(communityId),
  });
  const access = managerAccess(community);
  if (access.status !== "ok") return access;
  const reasonsOf = new Map<number, string[]>();
  for (const row of reasons) reasonsOf.set(row.targetId, [...(reasonsOf.get(row.targetId) ?? []), row.reason]);
  return {
    ...access,
    pending: pending.map(toPostCard),
    reported: reported.map((row) => {
      const post = toPostCard(row);
      return { post, reasons: reasonsOf.get(post.id) ?? [] };
    }),
    reportedComments: comments.map((row) => ({ ...row, reasons: JSON.parse(row.reasons) as string[] })),
  };
}
