import { AVATAR_MAX_BYTES, type SaveAvatarResult } from "~/server/files/avatars.server";
import type { FormFailure } from "./parse";
import { readLimitedForm, uploadedFiles } from "./read-form.server";

/**
 * The picture forms of a person's settings and a community's edit page (decision 067): one
 * `avatar` file field, one size limit, one mapping from a refused picture to its field error.
 */

/** Multipart framing around a 5 MB picture stays well under this; anything bigger is refused unread. */
const AVATAR_FORM_MAX_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export type AvatarRefusal = Exclude<SaveAvatarResult, { status: "saved" }>["status"];

/** The form, read at most up to the picture's limit (a chunked body too): `tooLarge` past it. */
export function readAvatarForm(request: Request) {
  return readLimitedForm(request, AVATAR_FORM_MAX_BYTES);
}

/** The chosen picture; none (an empty blob) is refused by the service as "missing". */
export function avatarFile(formData: FormData): Blob {
  return uploadedFiles(formData, "avatar")[0] ?? new Blob([]);
}

/** A refused picture at the avatar field, in the area's words: 413 for its size, else 400. */
export function avatarRefused(messages: Record<AvatarRefusal, string>, refusal: AvatarRefusal) {
  const failure: FormFailure = { ok: false, fieldErrors: { avatar: [messages[refusal]] }, values: {} };
  return { failure, status: refusal === "too_large" ? 413 : 400 };
}
