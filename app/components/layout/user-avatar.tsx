import { useTranslation } from "~/lib/i18n-lite/react";

export type AvatarSize = "small" | "default" | "large";

const pixels: Record<AvatarSize, number> = { small: 32, default: 48, large: 64 };

/**
 * An image, or a placeholder with the initial when avatar is "default" or empty (SPEC §2).
 * The image is 48 px by default and 64 px where the popup uses "large".
 */
export function UserAvatar({
  name,
  avatar,
  size = "default",
}: {
  name: string | null | undefined;
  avatar: string | null | undefined;
  size?: AvatarSize;
}) {
  const { t } = useTranslation();
  return avatarElement(name, avatar, size, name || t("unknownUser"));
}

/**
 * UserAvatar's markup for callers that already hold the label (a post card: decision 096). A null
 * label: the avatar is decoration beside the person's name in text (a list row, a message), so a
 * screen reader hears the name once, not twice (decision 229).
 */
export function avatarElement(
  name: string | null | undefined,
  avatar: string | null | undefined,
  size: AvatarSize,
  label: string | null,
) {
  const px = pixels[size];
  if (avatar && avatar !== "default") {
    return (
      <img className={`avatar avatar-${size}`} src={avatar} width={px} height={px} alt={label ?? ""} loading="lazy" />
    );
  }
  const initial = (name?.trim()[0] ?? "?").toUpperCase();
  return label === null ? (
    <span className={`avatar avatar-${size} avatar-placeholder`} aria-hidden="true">
      {initial}
    </span>
  ) : (
    <span className={`avatar avatar-${size} avatar-placeholder`} role="img" aria-label={label}>
      {initial}
    </span>
  );
}
