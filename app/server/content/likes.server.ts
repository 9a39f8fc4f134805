import { sql } from "drizzle-orm";
import { single, sqlRows } from "~/server/db/batch.server";
import { type Actor, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { notifyPostLike } from "./content-notifications.server";
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
export async function like(actor: Actor, target: LikeTarget): Promise<boolean> {
  const rows = await writeAs(
    actor,
    sql`INSERT OR IGNORE INTO likes (user_id, target_type, target_id)
    SELECT ${actor.id}, ${target.type}, ${target.id} WHERE ${visiblePostSql(actor.id, postOf(target))}
      AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    RETURNING user_id`,
  );
  if (rows.length > 0 && target.type === "post") notifyPostLike(actor.id, target.id);
  return rows.length > 0;
}

export async function unlike(actor: Actor, target: LikeTarget): Promise<"ok"> {
  await writeAs(
    actor,
    sql`DELETE FROM likes WHERE user_id = ${actor.id} AND target_type = ${target.type} AND target_id = ${target.id}
      AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}`,
  );
  return "ok";
}

/** Whether the user's like of the target is stored (a repeated like changes nothing). */
export async function hasLiked(userId: number, target: LikeTarget): Promise<boolean> {
  const rows = await single(
    sqlRows(sql`SELECT 1 FROM likes
    WHERE user_id = ${userId} AND target_type = ${target.type} AND target_id = ${target.id}`),
  );
  return rows.length > 0;
}
