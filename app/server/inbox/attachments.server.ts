import { env, waitUntil } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS } from "~/lib/file-limits";
import { single, sqlRows } from "~/server/db/batch.server";
import { stripImageMetadata } from "~/server/files/strip-metadata";
import { acceptedKind, CONTENT_TYPES, cleanFilename, isImage } from "./file-types";

/** At most 5 files of 10 MB each (docs/decisions/064-inbox-attachments.md). */
export { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS };

/** A checked file, ready to store: its bytes are what will be served. */
export type CheckedFile = { filename: string; contentType: string; bytes: Uint8Array };
/** A stored file, as the send batch records it. */
export type StoredFile = { key: string; filename: string; contentType: string; size: number };

export type FileProblem =
  | { problem: "too_many" }
  | { problem: "too_large"; filename: string }
  | { problem: "wrong_type"; filename: string };

/** The uploads of a form: parts with a name and bytes (a file input left empty sends neither). */
export function uploadsOf(values: (string | File)[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

/**
 * Checks every file: count, size, type by its bytes (the name's extension must agree), and
 * removes image metadata (strip-metadata.ts). The first problem found is returned.
 */
export async function checkFiles(files: File[]): Promise<{ ok: true; files: CheckedFile[] } | FileProblem> {
  if (files.length > MAX_ATTACHMENTS) return { problem: "too_many" };
  const checked: CheckedFile[] = [];
  for (const file of files) {
    const filename = cleanFilename(file.name);
    if (file.size > ATTACHMENT_MAX_BYTES) return { problem: "too_large", filename };
    const original = new Uint8Array(await file.arrayBuffer());
    const kind = original.length === 0 ? null : acceptedKind(filename, original);
    if (!kind) return { problem: "wrong_type", filename };
    const bytes = isImage(kind) ? stripImageMetadata(original, kind) : original;
    if (!bytes) return { problem: "wrong_type", filename };
    checked.push({ filename, contentType: CONTENT_TYPES[kind], bytes });
  }
  return { ok: true, files: checked };
}

/** Keys are mail/<senderId>/<uuid>: never guessable, never reused. */
export async function storeFiles(senderId: number, files: CheckedFile[]): Promise<StoredFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const key = `mail/${senderId}/${crypto.randomUUID()}`;
      await env.FILES.put(key, file.bytes, { httpMetadata: { contentType: file.contentType } });
      return { key, filename: file.filename, contentType: file.contentType, size: file.bytes.length };
    }),
  );
}

/** Removes stored objects after the response: files of a refused send or of a purged message. */
export function discardFiles(keys: string[]) {
  if (keys.length === 0) return;
  waitUntil(
    env.FILES.delete(keys).catch((error) => {
      console.warn("inbox: could not delete attachments", error);
    }),
  );
}

type AttachmentRow = { key: string; filename: string; content_type: string };

/**
 * An attachment for `viewerId`, or null (404) unless the viewer is the sender or a recipient
 * of its message and has not deleted their copy. One D1 read, then R2.
 */
export async function readAttachment(viewerId: number, messageId: number, attachmentId: number) {
  const [row] = await single(
    sqlRows<AttachmentRow>(sql`
    SELECT a.key, a.filename, a.content_type FROM attachments a JOIN mail_messages m ON m.id = a.message_id
    WHERE a.id = ${attachmentId} AND m.id = ${messageId}
      AND ((m.sender_id = ${viewerId} AND m.sender_deleted_at IS NULL)
        OR EXISTS (SELECT 1 FROM mail_recipients r WHERE r.message_id = m.id AND r.user_id = ${viewerId} AND r.deleted_at IS NULL))`),
  );
  if (!row) return null;
  const object = await env.FILES.get(row.key);
  if (!object) return null;
  return { filename: row.filename, contentType: row.content_type, size: object.size, body: object.body };
}
