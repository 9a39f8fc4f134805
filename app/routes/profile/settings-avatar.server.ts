import { readFormData } from "~/lib/forms/read-form.server";
import { signInRedirect } from "~/routes/login/web-session.server";
import { AVATAR_MAX_BYTES, removeAvatar, saveAvatar } from "~/server/files/avatars.server";
import { limitRequestBody } from "~/server/http/body-limit.server";
import type { Actor } from "~/server/users/session-user.server";
import { failed, saved } from "./settings-responses.server";

/** The avatar forms of /profile/settings (intents "avatar" and "avatar-remove"). */

// Multipart framing around a 5 MB file stays well under this; anything bigger is refused unread.
const MAX_UPLOAD_BODY = AVATAR_MAX_BYTES + 64 * 1024;

const ERRORS = {
  missing: "people:avatar.required",
  too_large: "people:avatar.tooLarge",
  wrong_type: "people:avatar.wrongType",
} as const;

function avatarFailure(error: string, status: number) {
  return failed("avatar", { ok: false, fieldErrors: { avatar: [error] }, values: {} }, status);
}

/** A body that cannot be a 5 MB image is refused before it is read. */
export function refuseOversizedUpload(request: Request) {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  return length > MAX_UPLOAD_BODY ? avatarFailure(ERRORS.too_large, 413) : null;
}

/**
 * The settings form, read at most up to the upload limit: a chunked body without
 * Content-Length stops being read there and answers 413 like a declared one.
 */
export async function readSettingsForm(request: Request) {
  const body = limitRequestBody(request, MAX_UPLOAD_BODY);
  try {
    return { formData: await readFormData(body.request) };
  } catch (error) {
    if (body.exceeded()) return { refused: avatarFailure(ERRORS.too_large, 413) };
    throw error;
  }
}

export async function uploadAvatar({
  request,
  url,
  actor,
  formData,
}: {
  request: Request;
  url: URL;
  actor: Actor;
  formData: FormData;
}) {
  const file = formData.get("avatar");
  const result = await saveAvatar(actor, typeof file === "string" || file === null ? new Blob([]) : file);
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (result.status === "revoked") return signInRedirect(url);
  if (result.status !== "saved") {
    return avatarFailure(ERRORS[result.status], result.status === "too_large" ? 413 : 400);
  }
  return saved(request, { key: "people:avatar.saved" });
}

export async function deleteAvatar({ request, url, actor }: { request: Request; url: URL; actor: Actor }) {
  if ((await removeAvatar(actor)) === "revoked") return signInRedirect(url);
  return saved(request, { key: "people:avatar.removed" });
}
