import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { single, sqlRows } from "~/server/db/batch.server";
import { sendMailLater } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/template";
import { type Notice, type NoticeJob, noticeText } from "~/server/notifications/notifier.server";
import { notificationOrigin } from "~/server/notifications/origin.server";
import { collectExportData, EXPORT_KINDS, type ExportData, type ExportFile } from "./export-data.server";

/** Where an export's files live in R2: only `exports.server.ts` serves them, to their owner. */
export const exportKey = (userId: number, id: string, kind: "zip" | "json") => `exports/${userId}/${id}.${kind}`;

export type DataExportJob = NoticeJob<{ exportId: string; userId: number }>;

declare module "~/server/queue/queue.server" {
  interface QueueKinds {
    dataExport: DataExportJob;
  }
}

/**
 * Builds the ZIP with fflate's streaming `Zip` (decision 162): JSON per kind, deflated, and the
 * person's own files from R2 passed through chunk by chunk as R2 streams them. Runs in the queue's
 * consumer, never on a request. Answers the archive's bytes.
 */
export async function zipExport(data: ExportData, files: ExportFile[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) fail(error);
    else {
      chunks.push(chunk);
      if (final) finish();
    }
  });
  for (const kind of EXPORT_KINDS) {
    const entry = new ZipDeflate(`${kind}.json`, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(JSON.stringify(data[kind], null, 2)), true);
  }
  for (const file of files) {
    const object = await env.FILES.get(file.key);
    if (!object) continue;
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    const reader = object.body.getReader();
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      entry.push(value, false);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  await done;
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

type Owner = { id: number; email: string; name: string };

/**
 * The queue's handler (wrapped by the notifier's `noticeHandler`, which runs it with the
 * request's origin and stores the notice it answers once per job): build, store for 7 days,
 * mark ready, mail the owner, and answer the notification.
 */
export async function buildExport(body: DataExportJob): Promise<Notice[] | undefined> {
  const [owner] = await single(
    sqlRows<Owner>(sql`SELECT u.id, u.email, u.name FROM data_exports x JOIN users u ON u.id = x.user_id
      WHERE x.id = ${body.exportId} AND x.user_id = ${body.userId} AND x.status = 'pending'`),
  );
  // Built already (a message delivered twice), or the account is gone.
  if (!owner) return undefined;
  const { data, files } = await collectExportData(owner.id);
  const zip = await zipExport(data, files);
  await env.FILES.put(exportKey(owner.id, body.exportId, "zip"), zip, {
    httpMetadata: { contentType: "application/zip" },
  });
  await env.FILES.put(exportKey(owner.id, body.exportId, "json"), JSON.stringify(data), {
    httpMetadata: { contentType: "application/json" },
  });
  await single(
    sqlRows(sql`UPDATE data_exports SET status = 'ready', size = ${zip.length}, ready_at = ${Date.now()}
      WHERE id = ${body.exportId} AND status = 'pending' RETURNING id`),
  );
  const path = `/profile/export/${body.exportId}`;
  const mail = renderMail([
    noticeText("settings:export.mail.greeting", { name: owner.name }),
    noticeText("settings:export.mail.body"),
    { link: { label: noticeText("settings:export.mail.link"), url: new URL(path, notificationOrigin()).href } },
    noticeText("settings:export.mail.expiry"),
  ]);
  sendMailLater(
    { to: owner.email, subject: noticeText("settings:export.mail.subject"), ...mail },
    `data export mail to user ${owner.id}`,
  );
  return [{ userId: owner.id, title: noticeText("settings:export.notification"), url: path }];
}
