import { sql } from "drizzle-orm";
import type { DirectTargetType } from "~/lib/moderation";
import { batch, sqlRows } from "~/server/db/batch.server";
import { activeUser } from "~/server/users/active-user.server";
import { auditLogQuery, type LogEntry } from "./community-queue.server";
import { isOperatorSql } from "./operators.server";

/**
 * The operators' queue (decision 186): reported chat and inbox messages and reported people,
 * each once, with the text, its author, every reason and, for a chat message, the messages just
 * before it; and the whole audit log, every community's and the operators' own. One batch.
 */
export type ContextLine = { name: string | null; text: string };

export type DirectQueueItem = {
  targetType: DirectTargetType;
  targetId: number;
  body: string;
  authorId: number | null;
  authorName: string | null;
  reasons: string[];
  context: ContextLine[];
  firstReportedAt: number;
};

export type OperatorLogEntry = LogEntry & { communityName: string | null };

type Row = Omit<DirectQueueItem, "reasons" | "context"> & { reasons: string; context: string | null };

/** Up to three messages before the reported one, in the same conversation. */
const CONTEXT = sql`(SELECT json_group_array(json_object('name', c.name, 'text', c.content)) FROM (
    SELECT cu.name, x.content FROM messages x LEFT JOIN users cu ON cu.id = x.sender_id AND ${activeUser("cu")}
    WHERE x.conversation_id = m.conversation_id AND x.disposition = 0
      AND (x.created_at < m.created_at OR (x.created_at = m.created_at AND x.id < m.id))
    ORDER BY x.created_at DESC, x.id DESC LIMIT 3) c)`;

export async function loadOperatorQueue(viewerId: number) {
  const operator = isOperatorSql(viewerId);
  const { access, items, log } = await batch({
    access: sqlRows<{ operator: number }>(sql`SELECT ${operator} AS operator`),
    items: sqlRows<Row>(sql`
      SELECT r.target_type AS targetType, r.target_id AS targetId,
        CASE r.target_type WHEN 'message' THEN m.content WHEN 'mail' THEN mm.subject || char(10) || mm.body ELSE '' END AS body,
        u.id AS authorId, u.name AS authorName, json_group_array(r.reason) AS reasons,
        min(r.created_at) AS firstReportedAt,
        CASE WHEN r.target_type = 'message' THEN ${CONTEXT} END AS context
      FROM reports r
      LEFT JOIN messages m ON r.target_type = 'message' AND m.id = r.target_id AND m.disposition = 0
      LEFT JOIN mail_messages mm ON r.target_type = 'mail' AND mm.id = r.target_id
      LEFT JOIN users u ON u.id = CASE r.target_type WHEN 'message' THEN m.sender_id
          WHEN 'mail' THEN mm.sender_id ELSE r.target_id END AND ${activeUser("u")}
      WHERE r.community_id IS NULL AND ${operator}
        AND (m.id IS NOT NULL OR mm.id IS NOT NULL OR (r.target_type = 'user' AND u.id IS NOT NULL))
      GROUP BY r.target_type, r.target_id
      ORDER BY firstReportedAt, r.target_id
      LIMIT 100`),
    log: auditLogQuery<OperatorLogEntry>(operator, { withCommunity: true }),
  });
  if (!access[0]?.operator) return { status: "forbidden" as const };
  return {
    status: "ok" as const,
    items: items.map(({ reasons, context, ...item }) => ({
      ...item,
      reasons: JSON.parse(reasons) as string[],
      // Newest first from the query; read oldest first, as the conversation does.
      context: context ? (JSON.parse(context) as ContextLine[]).reverse() : [],
    })),
    log,
  };
}
