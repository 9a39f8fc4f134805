import { sql } from "drizzle-orm";
import { rawRun } from "~/server/db/raw.server";
import { visiblePostSql } from "./visibility.server";

export const REPORT_REASON_MAX = 500;

/**
 * Reports a post or a comment to its community's managers (listed on /manage/posts) with a
 * reason. Only what the reporter may see can be reported; a second report by the same person
 * adds its reason too, managers see every one.
 */
export async function report(userId: number, target: { type: "post" | "comment"; id: number }, reason: string) {
  const postId =
    target.type === "post" ? sql`${target.id}` : sql`(SELECT post_id FROM comments WHERE id = ${target.id})`;
  const result = await rawRun(sql`INSERT INTO reports (community_id, target_type, target_id, reporter_id, reason)
    SELECT p.community_id, ${target.type}, ${target.id}, ${userId}, ${reason} FROM posts p
    WHERE p.id = ${postId} AND ${visiblePostSql(userId, postId)}`);
  return result.meta.changes > 0;
}
