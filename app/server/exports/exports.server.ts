import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { DAY_MS, EXPORT_LINK_DAYS } from "~/lib/durations";
import { batch, sqlRows } from "~/server/db/batch.server";
import { notifyLater } from "~/server/notifications/notifier.server";
import { type Actor, batchAs, tokenIsCurrent } from "~/server/users/session-user.server";
import { exportKey } from "./build-export.server";

/**
 * "Download my data" (issue 26 item 5, decision 162). A request stores a pending row and puts a
 * job on the queue; the consumer builds the ZIP (build-export.server.ts). The files stay 7 days,
 * and only their owner can open them: every read here is limited to the viewer's own rows.
 */
/** How long the files stay (`EXPORT_LINK_DAYS`, the days the texts name). */
export const EXPORT_DAYS = EXPORT_LINK_DAYS;
/** One export an hour is enough: asking again within the hour answers the one under way. */
const REUSE_WITHIN = 60 * 60 * 1000;

export type ExportStatus = {
  id: string;
  status: "pending" | "ready" | "failed" | "expired";
  createdAt: number;
  readyAt: number | null;
  expiresAt: number;
  size: number | null;
};

type Row = Omit<ExportStatus, "status"> & { status: "pending" | "ready" | "failed" };

const columns = sql`id, status, created_at AS createdAt, ready_at AS readyAt, expires_at AS expiresAt, size`;

function shown(row: Row, now: number): ExportStatus {
  return { ...row, status: row.expiresAt <= now ? "expired" : row.status };
}

export async function requestExport(
  actor: Actor,
  now = Date.now(),
): Promise<{ export: ExportStatus; created: boolean }> {
  const id = crypto.randomUUID();
  const { inserted, latest } = await batchAs(actor, {
    inserted: sqlRows<{ id: string }>(sql`INSERT INTO data_exports (id, user_id, status, created_at, expires_at)
      SELECT ${id}, ${actor.id}, 'pending', ${now}, ${now + EXPORT_DAYS * DAY_MS}
      WHERE ${tokenIsCurrent(actor.id, actor.tokenVersion)}
        AND NOT EXISTS (SELECT 1 FROM data_exports x WHERE x.user_id = ${actor.id} AND x.created_at > ${now - REUSE_WITHIN}
          AND x.status != 'failed')
      RETURNING id`),
    latest: sqlRows<Row>(sql`SELECT ${columns} FROM data_exports WHERE user_id = ${actor.id}
      ORDER BY created_at DESC LIMIT 1`),
  });
  const created = inserted.length > 0;
  if (created) notifyLater("dataExport", { exportId: id, userId: actor.id });
  return { export: shown(latest[0]!, now), created };
}

/** The viewer's own export by id, or null (someone else's answers the same as none). */
export async function getExport(viewerId: number, id: string, now = Date.now()): Promise<ExportStatus | null> {
  const { rows } = await batch({
    rows: sqlRows<Row>(sql`SELECT ${columns} FROM data_exports WHERE id = ${id} AND user_id = ${viewerId}`),
  });
  return rows[0] ? shown(rows[0], now) : null;
}

/** The viewer's exports, newest first (the settings section). Batchable into a loader. */
export async function listExports(viewerId: number, now = Date.now()): Promise<ExportStatus[]> {
  const { rows } = await batch({
    rows: sqlRows<Row>(sql`SELECT ${columns} FROM data_exports WHERE user_id = ${viewerId}
      ORDER BY created_at DESC LIMIT 5`),
  });
  return rows.map((row) => shown(row, now));
}

/** The stored ZIP or JSON of the viewer's ready, unexpired export; null otherwise. */
export async function openExport(viewerId: number, id: string, kind: "zip" | "json") {
  const found = await getExport(viewerId, id);
  if (found?.status !== "ready") return null;
  return env.FILES.get(exportKey(viewerId, id, kind));
}
