import { and, count, eq, sql } from "drizzle-orm";
import { isManager } from "~/lib/community-rules";
import { announceNewPost } from "~/server/content/fan-out.server";
import { parseImages } from "~/server/content/post-image-cards";
import { anotherOwnerSql, managesSql, ownsSql, removableMemberSql } from "~/server/content/visibility.server";
import { single, sqlRows } from "~/server/db/batch.server";
import { getDb, schema } from "~/server/db/db.server";
import { deletePostImages } from "~/server/files/post-images.server";
import { activeUser } from "~/server/users/active-user.server";
import { type Actor, batchAs, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { type CommunityInput, type CommunityRow, membershipOf, slugFreeOfSchoolsSql } from "./communities.server";
import { notifyMember } from "./community-notifications.server";

const m = schema.communityMembers;
const p = schema.posts;

/**
 * Managing a community (owners and managers; decision 045). Every write carries its own
 * permission check in SQL, so the service refuses a non-manager whatever page called it, and
 * a check never goes stale between a read and a write. Each write also checks the manager's
 * token in its batch and guards itself with it: a revoked token (decision 042) changes nothing
 * and ends the request as revoked (`requireCurrentToken`).
 */
/** Whether the first row of a community-with-membership query may be managed by its viewer. */
export function managerAccess(rows: CommunityRow[]) {
  const community = rows[0];
  if (!community) return { status: "not_found" as const };
  if (!isManager(membershipOf(community))) return { status: "forbidden" as const };
  return { status: "ok" as const, community, isOwner: community.role === "owner" };
}

export function countsQueries(communityId: number) {
  const db = getDb();
  return {
    requests: db
      .select({ value: count() })
      .from(m)
      .where(and(eq(m.communityId, communityId), eq(m.status, "pending"))),
    posts: db
      .select({ value: count() })
      .from(p)
      .where(and(eq(p.communityId, communityId), eq(p.status, "pending"))),
    reports: db.select({ value: count() }).from(schema.reports).where(eq(schema.reports.communityId, communityId)),
    members: db
      .select({ value: count() })
      .from(m)
      .where(and(eq(m.communityId, communityId), eq(m.status, "active"))),
  };
}

/** Saves details and policies (managers only); a slug a school holds is refused (decision 068). */
export async function updateCommunity(
  manager: Actor,
  communityId: number,
  input: CommunityInput,
): Promise<"saved" | "forbidden" | "slug_taken" | "slug_school"> {
  const userId = manager.id;
  try {
    const results = await batchAs(manager, {
      school: sql`SELECT 1 AS taken FROM schools WHERE slug = ${input.slug}`,
      updated: sql`UPDATE communities SET name = ${input.name}, slug = ${input.slug}, category = ${input.category},
      description = ${input.description}, join_policy = ${input.joinPolicy}, post_policy = ${input.postPolicy},
      requires_approval = ${input.requiresApproval ? 1 : 0}
      WHERE id = ${communityId} AND ${managesSql(userId, communityId)} AND ${slugFreeOfSchoolsSql(input.slug)}
        AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
      RETURNING id`,
    });
    const { school, updated } = results;
    if (school?.length) return "slug_school";
    return updated?.length ? "saved" : "forbidden";
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) return "slug_taken";
    throw error;
  }
}

/** Approve or decline a request to join. */
export async function answerRequest(
  manager: Actor,
  communityId: number,
  targetId: number,
  approve: boolean,
): Promise<boolean> {
  const where = sql`community_id = ${communityId} AND user_id = ${targetId} AND status = 'pending'
    AND ${managesSql(manager.id, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`;
  const rows = await writeAs(
    manager,
    approve
      ? sql`UPDATE community_members SET status = 'active' WHERE ${where} RETURNING user_id`
      : sql`DELETE FROM community_members WHERE ${where} RETURNING user_id`,
  );
  if (approve && rows.length > 0) notifyMember(targetId, communityId, "approved");
  return rows.length > 0;
}

export type MemberChange = "promote" | "demote" | "makeOwner" | "remove";

/**
 * Role changes. Managers promote members and demote managers; only owners make owners, demote
 * owners or remove managers and owners; the last owner can be neither demoted nor removed (one
 * statement each, so two owners demoting each other at once cannot leave none).
 */
export async function changeMember(
  manager: Actor,
  communityId: number,
  targetId: number,
  change: MemberChange,
): Promise<boolean> {
  const userId = manager.id;
  const isOwner = ownsSql(userId, communityId);
  const anotherOwner = anotherOwnerSql(communityId, targetId);
  const target = sql`community_id = ${communityId} AND user_id = ${targetId} AND status = 'active'
    AND ${managesSql(userId, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`;
  const statement = {
    promote: sql`UPDATE community_members SET role = 'manager' WHERE ${target} AND role = 'member'`,
    makeOwner: sql`UPDATE community_members SET role = 'owner' WHERE ${target} AND role != 'owner' AND ${isOwner}`,
    demote: sql`UPDATE community_members SET role = CASE role WHEN 'owner' THEN 'manager' ELSE 'member' END
      WHERE ${target} AND (role = 'manager' OR (role = 'owner' AND ${isOwner} AND ${anotherOwner}))`,
    remove: sql`DELETE FROM community_members WHERE ${target}
      AND ${removableMemberSql(userId, communityId, targetId, sql`role`)}`,
  }[change];
  const rows = await writeAs(manager, sql`${statement} RETURNING user_id`);
  return rows.length > 0;
}

export type PostModeration = "approve" | "reject" | "pin" | "unpin" | "dismissReports" | "dismissCommentReports";

/** Moderating a post of the community (deleting goes through the post's own delete). */
export async function moderatePost(
  manager: Actor,
  communityId: number,
  postId: number,
  action: PostModeration,
): Promise<boolean> {
  const userId = manager.id;
  const allowed = sql`${managesSql(userId, communityId)} AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}`;
  const where = sql`id = ${postId} AND community_id = ${communityId} AND ${allowed}`;
  if (action === "approve") {
    const rows = await writeAs<{ id: number; authorId: number | null; createdAt: number }>(
      manager,
      sql`UPDATE posts SET status = 'published' WHERE ${where} AND status = 'pending'
        RETURNING id, author_id AS authorId, created_at AS createdAt`,
    );
    const post = rows[0];
    if (post) announceNewPost({ id: post.id, communityId, authorId: post.authorId ?? 0, createdAt: post.createdAt });
    if (post?.authorId) notifyMember(post.authorId, communityId, "postApproved", `/content/${post.id}`);
    return Boolean(post);
  }
  if (action === "reject") {
    const rows = await writeAs<{ images: string }>(
      manager,
      sql`DELETE FROM posts WHERE ${where} AND status = 'pending' RETURNING images`,
    );
    await deletePostImages(rows.flatMap((row) => parseImages(row.images)));
    return rows.length > 0;
  }
  const statement = {
    pin: sql`UPDATE posts SET pinned_at = ${Date.now()} WHERE ${where} AND status = 'published'`,
    unpin: sql`UPDATE posts SET pinned_at = NULL WHERE ${where}`,
    dismissReports: sql`DELETE FROM reports WHERE target_type = 'post' AND target_id = ${postId} AND community_id = ${communityId}
      AND ${allowed}`,
    // `postId` is the comment's id here (the form's one id field).
    dismissCommentReports: sql`DELETE FROM reports WHERE target_type = 'comment' AND target_id = ${postId}
      AND community_id = ${communityId} AND ${allowed}`,
  }[action];
  const rows = await writeAs(manager, sql`${statement} RETURNING id`);
  return rows.length > 0;
}

export type InviteResult =
  | { status: "invited"; userId: number; name: string }
  | { status: "not_found" | "already" | "forbidden" };

/**
 * Invites someone by username or exact name (case-insensitive; a name shared by several people
 * must be given as a username). One statement: nothing is written unless the inviter manages
 * the community and the person has no membership row yet.
 */
export async function invite(manager: Actor, communityId: number, identifier: string): Promise<InviteResult> {
  const userId = manager.id;
  const who = identifier.trim().replace(/^@/, "");
  const rows = await single(
    sqlRows<{ id: number; name: string; invited: number; manages: number }>(sql`
    SELECT u.id, u.name,
      EXISTS (SELECT 1 FROM community_members x WHERE x.community_id = ${communityId} AND x.user_id = u.id) AS invited,
      ${managesSql(userId, communityId)} AS manages
    FROM users u
    WHERE ${activeUser("u")}
      AND (lower(u.username) = lower(${who}) OR lower(u.name) = lower(${who}))
    ORDER BY lower(u.username) = lower(${who}) DESC LIMIT 2`),
  );
  const [person, other] = rows;
  if (!person) return { status: "not_found" };
  if (!person.manages) return { status: "forbidden" };
  if (
    other &&
    other.name.toLowerCase() === person.name.toLowerCase() &&
    person.name.toLowerCase() === who.toLowerCase()
  ) {
    return { status: "not_found" };
  }
  const written = await writeAs(
    manager,
    sql`INSERT OR IGNORE INTO community_members (community_id, user_id, role, status)
    SELECT ${communityId}, ${person.id}, 'member', 'invited' WHERE ${managesSql(userId, communityId)}
      AND ${tokenIsCurrent(manager.id, manager.tokenVersion)}
    RETURNING user_id`,
  );
  if (written.length === 0) return { status: "already" };
  notifyMember(person.id, communityId, "invited");
  return { status: "invited", userId: person.id, name: person.name };
}
