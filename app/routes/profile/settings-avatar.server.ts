import { type AvatarRefusal, avatarFile, avatarRefused, readAvatarForm } from "~/lib/forms/avatar-form.server";
import { removeAvatar, saveAvatar } from "~/server/files/avatars.server";
import { signInRedirect } from "~/server/session/web-session.server";
import type { Actor } from "~/server/users/session-user.server";
import { failed, saved } from "./settings-responses.server";

/** The avatar forms of /profile/settings (intents "avatar" and "avatar-remove"). */

const ERRORS = {
  missing: "friends:avatar.required",
  too_large: "friends:avatar.tooLarge",
  wrong_type: "friends:avatar.wrongType",
} as const;

function avatarFailure(refusal: AvatarRefusal) {
  const { failure, status } = avatarRefused(ERRORS, refusal);
  return failed("avatar", failure, status);
}

/** Every settings form, read at most up to the upload limit: a larger body answers 413 unread. */
export async function readSettingsForm(request: Request) {
  const read = await readAvatarForm(request);
  return "tooLarge" in read ? { refused: avatarFailure("too_large") } : read;
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
  const result = await saveAvatar(actor, avatarFile(formData));
  // A token revoked by a logout elsewhere: treat the request as signed out (decision 042).
  if (result.status === "revoked") return signInRedirect(url);
  if (result.status !== "saved") return avatarFailure(result.status);
  return saved(request, { key: "friends:avatar.saved" });
}

export async function deleteAvatar({ request, url, actor }: { request: Request; url: URL; actor: Actor }) {
  if ((await removeAvatar(actor)) === "revoked") return signInRedirect(url);
  return saved(request, { key: "friends:avatar.removed" });
}
