import { data, redirect } from "react-router";
import type { SessionUser } from "~/context";
import { composeSchema, quoteBody, replySubject } from "~/lib/forms/inbox";
import { type FieldErrors, type FormFailure, parseForm, typedValues } from "~/lib/forms/parse";
import { readFormData } from "~/lib/forms/read-form.server";
import type { Translate } from "~/lib/translate";
import { batch, sqlRows } from "~/server/db/batch.server";
import { limitRequestBody } from "~/server/http/body-limit.server";
import {
  ATTACHMENT_MAX_BYTES,
  checkFiles,
  type FileProblem,
  loadReplySource,
  MAX_ATTACHMENTS,
  type RecipientProblem,
  sendMessage,
  storeFiles,
  uploadsOf,
} from "~/server/inbox/inbox.server";
import { type ContactRow, contactsSql, type RecipientChoice, recipientChoices } from "~/server/inbox/recipients.server";
import { flashToast } from "~/server/session/session.server";

/**
 * HTTP mapping of /messagesold/compose and /messagesold/compose/{id} (decisions 063, 064):
 * a multipart form read at most up to five full attachments, field errors that keep what was
 * typed (files must be chosen again: a browser cannot be handed them back), PRG on success.
 */

/** Five 10 MB files and the text fields; anything bigger stops being read (body-limit.server.ts). */
export const MAX_COMPOSE_BODY = MAX_ATTACHMENTS * ATTACHMENT_MAX_BYTES + 512 * 1024;

const FILE_ERRORS = {
  too_many: "inbox:errors.filesTooMany",
  too_large: "inbox:errors.fileTooLarge",
  wrong_type: "inbox:errors.fileWrongType",
} as const;

const RECIPIENT_ERRORS = {
  unknown: "inbox:errors.toUnknown",
  ambiguous: "inbox:errors.toAmbiguous",
  not_allowed: "inbox:errors.toNotAllowed",
  self: "inbox:errors.toSelf",
} as const;

function failure(
  formData: FormData | null,
  fieldErrors: FieldErrors,
  formError?: string,
  values?: Record<string, string>,
) {
  const result: FormFailure = {
    ok: false,
    fieldErrors,
    formError,
    formErrorValues: values,
    values: formData ? typedValues(formData) : {},
  };
  return result;
}

/** Added to a failure when files had been chosen: the page asks for them again. */
function rechoose(fieldErrors: FieldErrors, chosen: boolean): FieldErrors {
  return chosen && !fieldErrors.files ? { ...fieldErrors, files: ["inbox:errors.rechooseFiles"] } : fieldErrors;
}

export function fileProblemFailure(formData: FormData | null, problem: FileProblem) {
  const values = "filename" in problem ? { name: problem.filename } : undefined;
  return failure(formData, { files: ["inbox:errors.rechooseFiles"] }, FILE_ERRORS[problem.problem], values);
}

/** The text of a recipient's problem: a student rule's refusal names its reason (decision 175). */
export function recipientErrorKey(problem: RecipientProblem, general: string) {
  return problem.reason && problem.reason !== "not_a_contact" ? `inbox:refusals.${problem.reason}` : general;
}

export function recipientFailure(formData: FormData | null, problems: RecipientProblem[]) {
  const first = problems[0]!;
  const key = recipientErrorKey(first, RECIPIENT_ERRORS[first.problem]);
  return failure(formData, { to: ["inbox:errors.toCheck"] }, key, { who: first.who });
}

/** The compose form, read at most up to its limit: an oversized body answers 413 unread. */
async function readComposeForm(request: Request) {
  const tooLarge = () => data(failure(null, {}, "inbox:errors.bodyTooLarge"), { status: 413 });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_COMPOSE_BODY) return { refused: tooLarge() };
  const body = limitRequestBody(request, MAX_COMPOSE_BODY);
  try {
    return { formData: await readFormData(body.request) };
  } catch (error) {
    if (body.exceeded()) return { refused: tooLarge() };
    throw error;
  }
}

export async function composeAction({
  request,
  viewer,
  replyToId,
}: {
  request: Request;
  viewer: SessionUser;
  replyToId: number | null;
}) {
  const read = await readComposeForm(request);
  if ("refused" in read) return read.refused;
  const { formData } = read;
  const uploads = uploadsOf(formData.getAll("files"));
  const parsed = parseForm(composeSchema, formData);
  if (!parsed.ok) {
    return data({ ...parsed, fieldErrors: rechoose(parsed.fieldErrors, uploads.length > 0) }, { status: 400 });
  }
  const checked = await checkFiles(uploads);
  if (!("ok" in checked)) {
    return data(fileProblemFailure(formData, checked), { status: checked.problem === "too_large" ? 413 : 400 });
  }
  const files = await storeFiles(viewer.id, checked.files);
  const result = await sendMessage({ sender: viewer, ...parsed.data, replyToId, files });
  switch (result.status) {
    case "sent":
      return redirect(`/messagesold/${result.id}`, {
        headers: await flashToast(request, { kind: "success", key: "inbox:toasts.sent" }),
      });
    case "not_found":
      throw data(null, { status: 404 });
    case "recipients": {
      const refused = recipientFailure(formData, result.problems);
      return data({ ...refused, fieldErrors: rechoose(refused.fieldErrors, uploads.length > 0) }, { status: 400 });
    }
  }
}

export type ComposeDefaults = { to: string; subject: string; body: string };

/**
 * What the form starts with: empty, or for a reply the people to answer (the sender, or the
 * recipients when answering one's own message) by name, "Re: subject" and the message quoted;
 * and whom the "To" field suggests. One round trip.
 */
export async function composeDefaults(
  viewerId: number,
  replyToId: number | null,
  t: Translate,
  format: (at: number) => string,
): Promise<{
  defaults: ComposeDefaults;
  replyTo: { id: number; subject: string } | null;
  choices: RecipientChoice[];
}> {
  if (replyToId === null) {
    const { contacts } = await batch({ contacts: sqlRows<ContactRow>(contactsSql(viewerId)) });
    return { defaults: { to: "", subject: "", body: "" }, replyTo: null, choices: recipientChoices(contacts).choices };
  }
  const { source, also } = await loadReplySource(viewerId, replyToId, {
    contacts: sqlRows<ContactRow>(contactsSql(viewerId)),
  });
  if (!source) throw data(null, { status: 404 });
  const { choices, handleOf } = recipientChoices(also.contacts);
  const people = (source.own ? source.to : [source.from]).filter((person) => person.name !== "");
  const header = t("inbox:compose.quoteHeader", {
    date: format(source.createdAt),
    name: source.from.name || t("common:unknownUser"),
  });
  return {
    defaults: {
      to: people.map(handleOf).join(", "),
      subject: replySubject(source.subject),
      body: quoteBody(header, source.body),
    },
    replyTo: { id: source.id, subject: source.subject },
    choices,
  };
}
