import { type SQL, sql } from "drizzle-orm";
import { managesSql } from "~/server/content/visibility.server";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";

/**
 * A community's moderation queue (issue 26 item 4, decision 161): every reported post and
 * comment once, with its text, author, where it is, how many reported it and every reason;
 * and the audit log, which only the community's owners read. One batch for the page.
 */
export type QueueItem = {
  targetType: "post" | "comment";
  targetId: number;
  postId: number;
  body: string;
  authorId: number | null;
  authorName: string | null;
  reasons: string[];
  firstReportedAt: number;
};

export type LogEntry = {
  id: number;
  action: string;
  targetType: string;
  targetId: number;
  excerpt: string;
  reportCount: number;
  note: string;
  createdAt: number;
  actorName: string | null;
  subjectName: string | null;
};

type Access = { manages: number; owns: number; name: string };

/**
 * The audit log's newest 200 entries where `where` holds: a community's (its owners read it) or
 * every one (the operators, who also see each entry's community).
 */
export function auditLogQuery<Entry extends LogEntry>(where: SQL, { withCommunity = false } = {}) {
  return sqlRows<Entry>(sql`
      SELECT l.id, l.action, l.target_type AS targetType, l.target_id AS targetId, l.excerpt,
        l.report_count AS reportCount, l.note, l.created_at AS createdAt,
        a.name AS actorName, s.name AS subjectName${withCommunity ? sql`, c.name AS communityName` : sql``}
      FROM moderation_log l
      LEFT JOIN users a ON a.id = l.actor_id
      LEFT JOIN users s ON s.id = l.subject_id
      ${withCommunity ? sql`LEFT JOIN communities c ON c.id = l.community_id` : sql``}
      WHERE ${where}
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT 200`);
}

export async function loadModeration(viewerId: number, communityId: number) {
  const { access, items, log } = await batch({
    access: sqlRows<Access>(sql`SELECT c.name, ${managesSql(viewerId, communityId)} AS manages,
        EXISTS (SELECT 1 FROM community_members o WHERE o.community_id = c.id AND o.user_id = ${viewerId}
          AND o.status = 'active' AND o.role = 'owner') AS owns
      FROM communities c WHERE c.id = ${communityId}`),
    items: sqlRows<Omit<QueueItem, "reasons"> & { reasons: string }>(sql`
      SELECT r.target_type AS targetType, r.target_id AS targetId, coalesce(p.id, k.post_id) AS postId,
        coalesce(p.body, k.body) AS body, u.id AS authorId, u.name AS authorName,
        json_group_array(r.reason) AS reasons, min(r.created_at) AS firstReportedAt
      FROM reports r
      LEFT JOIN posts p ON r.target_type = 'post' AND p.id = r.target_id
      LEFT JOIN comments k ON r.target_type = 'comment' AND k.id = r.target_id
      LEFT JOIN users u ON u.id = coalesce(p.author_id, k.author_id) AND ${activeUser("u")}
      WHERE r.community_id = ${communityId} AND ${managesSql(viewerId, communityId)}
        AND coalesce(p.id, k.id) IS NOT NULL
      GROUP BY r.target_type, r.target_id
      ORDER BY firstReportedAt, r.target_id
      LIMIT 100`),
    log: auditLogQuery(
      sql`l.community_id = ${communityId}
        AND EXISTS (SELECT 1 FROM community_members o WHERE o.community_id = ${communityId} AND o.user_id = ${viewerId}
          AND o.status = 'active' AND o.role = 'owner')`,
    ),
  });
  const community = access[0];
  if (!community) return { status: "not_found" as const };
  if (!community.manages) return { status: "forbidden" as const };
  return {
    status: "ok" as const,
    community: { id: communityId, name: community.name },
    owns: Boolean(community.owns),
    items: items.map((item) => ({ ...item, reasons: JSON.parse(item.reasons) as string[] })),
    log,
  };
}
