import { data, redirect } from "react-router";
import { type AvatarRefusal, avatarFile, avatarRefused, readAvatarForm } from "~/lib/forms/avatar-form.server";
import { removeCommunityAvatar, saveCommunityAvatar } from "~/server/communities/community-avatar.server";
import { flashToast } from "~/server/session/session.server";
import type { Actor } from "~/server/users/session-user.server";

const ERRORS = {
  missing: "communities:errors.avatarRequired",
  too_large: "communities:errors.avatarTooLarge",
  wrong_type: "communities:errors.avatarWrongType",
} as const;

/** The picture form's failure, kept apart from the details form's (each shows its own). */
function avatarFailure(refusal: AvatarRefusal) {
  const { failure: avatar, status } = avatarRefused(ERRORS, refusal);
  return data({ avatar }, { status });
}

/** Every form of /manage/edit, read up to the picture's limit (decision 067). */
export async function readEditForm(request: Request) {
  const read = await readAvatarForm(request);
  return "tooLarge" in read ? { refused: avatarFailure("too_large") } : read;
}

/**
 * The picture forms of /communities/{id}/manage/edit (intents "avatar" and "avatar-remove"):
 * managers only, refused by the service itself for anyone else (403).
 */
export async function communityAvatarAction(request: Request, manager: Actor, communityId: number, formData: FormData) {
  const here = `/communities/${communityId}/manage/edit`;
  if (formData.get("intent") === "avatar-remove") {
    if (!(await removeCommunityAvatar(manager, communityId))) throw data(null, { status: 403 });
    return redirect(here, {
      headers: await flashToast(request, { kind: "success", key: "communities:manage.toasts.avatarRemoved" }),
    });
  }
  const result = await saveCommunityAvatar(manager, communityId, avatarFile(formData));
  if (result.status === "forbidden") throw data(null, { status: 403 });
  if (result.status !== "saved") return avatarFailure(result.status);
  return redirect(here, {
    headers: await flashToast(request, { kind: "success", key: "communities:manage.toasts.avatarSaved" }),
  });
}
