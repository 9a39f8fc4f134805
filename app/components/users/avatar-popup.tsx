import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useDisclosure } from "~/components/layout/use-disclosure";
import { type AvatarSize, UserAvatar } from "~/components/layout/user-avatar";
import { FriendStatus, type UserInfo } from "~/lib/friend-status";
import { registerNamespace } from "~/lib/i18n-client";
import { useTranslation } from "~/lib/i18n-lite/react";
import { loadUser, rememberUser, useCachedUser } from "~/lib/user-cache";
import friends from "~/locales/en/friends.json";
import { useRootData } from "~/root";
import { BlockControl } from "../friends/block-control";
import { FriendControls } from "../friends/friend-controls";

registerNamespace("friends", friends);

/**
 * A user's avatar that opens a card (SPEC §2): the avatar at 64 px, name, @username, a link to
 * their profile and, only when the viewer is signed in, `controls` is on and the user is not
 * the viewer, the friend and message controls. A <details>, so it opens without JavaScript.
 * `user` null is someone unknown or no longer available: "Unknown User", "[unavailable]".
 */
export function AvatarPopup({
  user,
  size = "default",
  controls = true,
}: {
  user: UserInfo | null;
  size?: AvatarSize;
  controls?: boolean;
}) {
  const { t } = useTranslation("friends");
  const { t: tc } = useTranslation();
  const viewer = useRootData()?.user ?? null;
  const cached = useCachedUser(user?.id);
  // Escape, a click outside or focus leaving closes it, as every dropdown (decision 035).
  const ref = useDisclosure();
  const here = useLocation();

  // What the server just said replaces the cached user (SPEC §4).
  useEffect(() => {
    if (user && user.friendStatus !== FriendStatus.Unknown) rememberUser(user);
  }, [user]);

  const shown = cached ?? user;
  const name = shown?.name ?? tc("unknownUser");
  const canAct = Boolean(viewer && controls && shown && shown.id !== viewer.id);
  return (
    <details
      ref={ref}
      className="menu avatar-popup"
      onToggle={(event) => {
        // A user missing from the list is fetched when first needed (SPEC §7).
        if (event.currentTarget.open && user && canAct && !cached) void loadUser(user.id);
      }}
    >
      <summary className="avatar-popup-trigger" aria-label={t("controls.label", { name })}>
        <UserAvatar name={shown?.name} avatar={shown?.avatar} size={size} />
      </summary>
      <div className="menu-panel avatar-popup-panel">
        <div className="avatar-popup-card">
          <UserAvatar name={shown?.name} avatar={shown?.avatar} size="large" />
          <div>
            <strong className="avatar-popup-name" dir="auto">
              {name}
            </strong>
            {shown ? (
              shown.username ? (
                <p className="hint">
                  <bdi>{`@${shown.username}`}</bdi>
                </p>
              ) : null
            ) : (
              <p className="hint">{tc("unavailable")}</p>
            )}
          </div>
        </div>
        {shown ? <Link to={`/users/${shown.id}`}>{t("controls.viewProfile")}</Link> : null}
        {canAct && shown ? <FriendControls user={shown} /> : null}
        {canAct && shown ? <BlockControl user={shown} /> : null}
        {canAct && shown ? (
          <Link to={`/report?type=user&id=${shown.id}&back=${encodeURIComponent(here.pathname + here.search)}`}>
            {t("controls.report")}
          </Link>
        ) : null}
      </div>
    </details>
  );
}
