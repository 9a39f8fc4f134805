import { type ComponentType, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "~/components/layout/user-avatar";
import type { UserInfo } from "~/lib/friend-status";

type Popup = ComponentType<{ user: UserInfo | null }>;

/**
 * A post's author as an avatar that opens the avatar popup (SPEC §2), made only when asked for
 * (decision 076): without JavaScript the avatar is a link to the author's profile, which has the
 * same card and controls; with it, the first tap loads the popup's code and opens it in place.
 * Twenty posts no longer carry twenty popups with their friend forms, nor their code.
 */
export function PostAuthor({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation();
  const [Popup, setPopup] = useState<Popup | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  // The popup's own effects (which close it on mount) have run: open it, focus on its trigger.
  useEffect(() => {
    const details = box.current?.querySelector("details");
    if (!Popup || !details) return;
    details.open = true;
    details.querySelector("summary")?.focus();
  }, [Popup]);
  if (Popup) {
    return (
      <span ref={box} className="post-author">
        <Popup user={user} />
      </span>
    );
  }
  const avatar = <UserAvatar name={user?.name} avatar={user?.avatar} />;
  if (!user) return avatar;
  return (
    <a
      href={`/users/${user.id}`}
      className="post-author-link"
      aria-label={t("post.aboutAuthor", { name: user.name || tc("unknownUser") })}
      onClick={(event) => {
        event.preventDefault();
        const href = event.currentTarget.href;
        import("./author-popup").then(
          (module) => setPopup(() => module.AvatarPopup),
          () => window.location.assign(href),
        );
      }}
    >
      {avatar}
    </a>
  );
}
