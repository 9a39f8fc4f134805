import { sql } from "drizzle-orm";
import { type Actor, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { visiblePostSql } from "./visibility.server";

/**
 * Reports a post or a comment to its community's managers (listed on /manage/posts) with a
 * reason. Only what the reporter may see can be reported; a second report by the same person
 * adds its reason too, managers see every one.
 */
export async function report(
  actor: Actor,
  target: { type: "post" | "comment"; id: number },
  reason: string,
): Promise<boolean> {
  const userId = actor.id;
  const postId =
    target.type === "post" ? sql`${target.id}` : sql`(SELECT post_id FROM comments WHERE id = ${target.id})`;
  const rows = await writeAs(
    actor,
    sql`INSERT INTO reports (community_id, target_type, target_id, reporter_id, reason)
    SELECT p.community_id, ${target.type}, ${target.id}, ${userId}, ${reason} FROM posts p
    WHERE p.id = ${postId} AND ${visiblePostSql(userId, postId)}
      AND ${tokenIsCurrent(actor.id, actor.tokenVersion)}
    RETURNING id`,
  );
  return rows.length > 0;
}
