import { data, redirect } from "react-router";
import type { FormFailure } from "~/lib/forms/parse";
import { readLimitedForm, uploadedFiles } from "~/routes/content/post-form.server";
import { removeCommunityAvatar, saveCommunityAvatar } from "~/server/communities/community-avatar.server";
import { AVATAR_MAX_BYTES } from "~/server/files/avatars.server";
import { flashToast } from "~/server/session/session.server";
import type { Actor } from "~/server/users/session-user.server";
import { throwIfRevoked } from "./access.server";

/** Multipart framing around a 5 MB picture stays well under this; anything bigger is refused unread. */
const MAX_EDIT_BODY = AVATAR_MAX_BYTES + 64 * 1024;

const ERRORS = {
  missing: "communities:errors.avatarRequired",
  too_large: "communities:errors.avatarTooLarge",
  wrong_type: "communities:errors.avatarWrongType",
} as const;

/** The picture form's failure, kept apart from the details form's (each shows its own). */
function avatarFailure(status: keyof typeof ERRORS) {
  const avatar: FormFailure = { ok: false, fieldErrors: { avatar: [ERRORS[status]] }, values: {} };
  return data({ avatar }, { status: status === "too_large" ? 413 : 400 });
}

/** Every form of /manage/edit, read up to the picture's limit (decision 067). */
export async function readEditForm(request: Request) {
  const read = await readLimitedForm(request, MAX_EDIT_BODY);
  return "tooLarge" in read ? { refused: avatarFailure("too_large") } : read;
}

/**
 * The picture forms of /communities/{id}/manage/edit (intents "avatar" and "avatar-remove"):
 * managers only, refused by the service itself for anyone else (403).
 */
export async function communityAvatarAction(
  request: Request,
  url: URL,
  manager: Actor,
  communityId: number,
  formData: FormData,
) {
  const here = `/communities/${communityId}/manage/edit`;
  if (formData.get("intent") === "avatar-remove") {
    if (!throwIfRevoked(await removeCommunityAvatar(manager, communityId), url)) throw data(null, { status: 403 });
    return redirect(here, {
      headers: await flashToast(request, { kind: "success", key: "communities:manage.toasts.avatarRemoved" }),
    });
  }
  const result = await saveCommunityAvatar(manager, communityId, uploadedFiles(formData, "avatar")[0] ?? new Blob([]));
  if (result.status === "revoked") return throwIfRevoked(result.status, url);
  if (result.status === "forbidden") throw data(null, { status: 403 });
  if (result.status !== "saved") return avatarFailure(result.status);
  return redirect(here, {
    headers: await flashToast(request, { kind: "success", key: "communities:manage.toasts.avatarSaved" }),
  });
}
