import type { z } from "zod";
import { sendBodySchema } from "~/lib/forms/inbox";
import { limitRequestBody } from "~/server/http/body-limit.server";
import { jsonError, readJsonBody, type Translate, validated } from "~/server/http/json.server";
import { MAX_COMPOSE_BODY, recipientErrorKey } from "~/server/inbox/compose-form.server";
import {
  checkFiles,
  type MailMessage,
  type SendResult,
  sendMessage,
  storeFiles,
  uploadsOf,
} from "~/server/inbox/inbox.server";
import type { Actor } from "~/server/users/session-user.server";

/**
 * HTTP mapping of the inbox's JSON API (README "API", decision 065): a send as JSON (no files)
 * or as multipart (the same fields, plus up to five `files`), answers and errors as JSON.
 */

const FILE_ERRORS = {
  too_many: [400, "too_many_attachments", "inbox:errors.filesTooMany"],
  too_large: [413, "attachment_too_large", "inbox:errors.fileTooLarge"],
  wrong_type: [415, "attachment_refused", "inbox:errors.fileWrongType"],
} as const;

const RECIPIENT_ERRORS = {
  unknown: [400, "unknown_recipient", "inbox:errors.toUnknown"],
  ambiguous: [400, "ambiguous_recipient", "inbox:errors.toAmbiguous"],
  self: [400, "invalid_recipient", "inbox:errors.toSelf"],
  not_allowed: [403, "not_allowed", "inbox:errors.toNotAllowed"],
} as const;

type Read = { ok: true; fields: z.infer<typeof sendBodySchema>; files: File[] } | { ok: false; response: Response };

async function readSendBody(request: Request, t: Translate): Promise<Read> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data") {
    const body = await readJsonBody(request, sendBodySchema, t);
    return body.ok ? { ok: true, fields: body.data, files: [] } : body;
  }
  const tooLarge = {
    ok: false as const,
    response: jsonError(413, "payload_too_large", t("inbox:errors.bodyTooLarge")),
  };
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_COMPOSE_BODY) return tooLarge;
  const limited = limitRequestBody(request, MAX_COMPOSE_BODY);
  let formData: FormData;
  try {
    formData = await limited.request.formData();
  } catch {
    if (limited.exceeded()) return tooLarge;
    return { ok: false, response: jsonError(400, "invalid_request", t("api:errors.invalidRequest")) };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") fields[key] = value;
  const parsed = validated(sendBodySchema, fields, t);
  return parsed.ok ? { ok: true, fields: parsed.data, files: uploadsOf(formData.getAll("files")) } : parsed;
}

/** POST /api/v2/inbox: 201 `{message: {id}}`, 200 with the same id when the clientKey was already used. */
export async function sendFromApi(request: Request, sender: Actor, t: Translate) {
  const read = await readSendBody(request, t);
  if (!read.ok) return read.response;
  const { fields } = read;
  const checked = await checkFiles(read.files);
  if (!("ok" in checked)) {
    const [status, code, key] = FILE_ERRORS[checked.problem];
    const name = "filename" in checked ? checked.filename : "";
    return jsonError(status, code, t(key, { name }), { fields: { files: [t(key, { name })] } });
  }
  const files = await storeFiles(sender.id, checked.files);
  const result = await sendMessage({
    sender,
    to: fields.to,
    subject: fields.subject,
    body: fields.body,
    replyToId: fields.replyTo ?? null,
    clientKey: fields.clientKey ?? crypto.randomUUID(),
    files,
  });
  return sendAnswer(result, t);
}

function sendAnswer(result: SendResult, t: Translate) {
  switch (result.status) {
    case "sent":
      return Response.json({ message: { id: result.id } }, { status: result.created ? 201 : 200 });
    case "not_found":
      return jsonError(404, "not_found", t("inbox:errors.notFound"));
    case "recipients": {
      const messages = result.problems.map((p) =>
        t(recipientErrorKey(p, RECIPIENT_ERRORS[p.problem][2]), { who: p.who }),
      );
      const first = result.problems[0]!;
      const [status, code] = RECIPIENT_ERRORS[first.problem];
      return jsonError(status, code, messages[0]!, { fields: { to: messages }, reason: first.reason });
    }
  }
}

/** A message as the API shows it: its attachments carry their download address. */
export function apiMessage(message: MailMessage) {
  return {
    ...message,
    attachments: message.attachments.map((file) => ({
      ...file,
      url: `/api/v2/inbox/${message.id}/attachments/${file.id}`,
    })),
  };
}
