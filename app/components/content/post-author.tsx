import { useEffect, useRef } from "react";
import { avatarElement } from "~/components/layout/user-avatar";
import type { UserInfo } from "~/lib/friend-status";
import type { AuthorPopup } from "./post-events";
import type { ContentT } from "./post-forms";

/**
 * A post's author as an avatar that opens the avatar popup (SPEC §2), made only when asked for
 * (decision 076): without JavaScript the avatar is a link to the author's profile, which has the
 * same card and controls; with it, the list's handler (usePostEvents) loads the popup's code on
 * the first tap and hands it here as `popup`. Twenty posts carry no popup, nor its code, nor
 * any state of their own (decision 096). Hook-free: the card calls it as a function (decision 192).
 * The link is named by its one image, the avatar labelled "About <name>" (the link's purpose, as a
 * linked image's text should say), not by a label of its own over it (decision 204).
 */
export function PostAuthor({ t, user, popup }: { t: ContentT; user: UserInfo | null; popup: AuthorPopup | null }) {
  if (popup) return <OpenPopup Popup={popup} user={user} />;
  const label = user?.name || t("common:unknownUser");
  if (!user) return avatarElement(undefined, undefined, "default", label);
  return (
    <a href={`/users/${user.id}`}>
      {avatarElement(user.name, user.avatar, "default", t("post.aboutAuthor", { name: label }))}
    </a>
  );
}

function OpenPopup({ Popup, user }: { Popup: AuthorPopup; user: UserInfo | null }) {
  const box = useRef<HTMLSpanElement>(null);
  // The popup's own effects (which close it on mount) have run: open it, focus on its trigger.
  useEffect(() => {
    const details = box.current?.querySelector("details");
    if (!details) return;
    details.open = true;
    details.querySelector("summary")?.focus();
  }, []);
  return (
    <span ref={box} className="post-author">
      <Popup user={user} />
    </span>
  );
}
