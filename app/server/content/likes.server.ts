import { sql } from "drizzle-orm";
import { rawAll, rawRun } from "~/server/db/raw.server";
import { visiblePostSql } from "./visibility.server";

export type LikeTarget = { type: "post" | "comment"; id: number };

/** The post a target belongs to, as SQL, so a like checks the post's visibility. */
function postOf(target: LikeTarget) {
  return target.type === "post" ? sql`${target.id}` : sql`(SELECT post_id FROM comments WHERE id = ${target.id})`;
}

/**
 * Likes are rows keyed by (user, target): liking twice, or two requests at once, leave one row,
 * and counts are COUNT(*) of those rows, so nothing is ever counted twice.
 */
export async function like(userId: number, target: LikeTarget): Promise<boolean> {
  const result = await rawRun(sql`INSERT OR IGNORE INTO likes (user_id, target_type, target_id)
    SELECT ${userId}, ${target.type}, ${target.id} WHERE ${visiblePostSql(userId, postOf(target))}`);
  return result.meta.changes > 0;
}

export async function unlike(userId: number, target: LikeTarget): Promise<void> {
  await rawRun(
    sql`DELETE FROM likes WHERE user_id = ${userId} AND target_type = ${target.type} AND target_id = ${target.id}`,
  );
}

/** Whether the user's like of the target is stored (a repeated like changes nothing). */
export async function hasLiked(userId: number, target: LikeTarget): Promise<boolean> {
  const rows = await rawAll(sql`SELECT 1 FROM likes
    WHERE user_id = ${userId} AND target_type = ${target.type} AND target_id = ${target.id}`);
  return rows.length > 0;
}
