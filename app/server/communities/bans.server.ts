import { type SQL, sql } from "drizzle-orm";

/**
 * Whether `userId` is banned from `communityId` (decision 161): a moderator's "ban" from the
 * moderation queue. Every way into a community (join, request, accepting an invitation, a join
 * code) goes through the membership service, which refuses a banned person with this condition
 * inside its own INSERT or UPDATE.
 */
export function bannedSql(communityId: number | SQL, userId: number | SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM community_bans cb WHERE cb.community_id = ${communityId} AND cb.user_id = ${userId})`;
}
