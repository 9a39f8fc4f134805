import { sql } from "drizzle-orm";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { type Actor, tokenIsCurrent, writeAs } from "~/server/users/session-user.server";
import { type DirectTarget, reportableSql } from "./direct-targets.server";

/**
 * Reports of chat and inbox messages and of people (issue 26 item 4, decision 186). They belong
 * to no community, so they go to the operators' queue (`community_id` null). Only what the
 * reporter can see can be reported, and never their own; a second report adds its reason.
 */
export async function reportDirect(actor: Actor, target: DirectTarget, reason: string): Promise<boolean> {
  const rows = await writeAs(
    actor,
    sql`INSERT INTO reports (community_id, target_type, target_id, reporter_id, reason)
      SELECT NULL, ${target.type}, ${target.id}, ${actor.id}, ${reason} FROM (${reportableSql(actor.id, target)}) t
      WHERE ${tokenIsCurrent(actor.id, actor.tokenVersion)}
      RETURNING id`,
  );
  return rows.length > 0;
}

export type ReportPreview = { authorId: number; authorName: string; body: string };

/** What the report page shows above its reason field; null when the viewer may not report it. */
export async function loadReportPreview(viewerId: number, target: DirectTarget): Promise<ReportPreview | null> {
  const { preview } = await batch({
    preview: sqlRows<ReportPreview>(sql`SELECT t.authorId, u.name AS authorName, t.body
      FROM (${reportableSql(viewerId, target)}) t JOIN users u ON u.id = t.authorId AND ${activeUser("u")}`),
  });
  return preview[0] ?? null;
}
