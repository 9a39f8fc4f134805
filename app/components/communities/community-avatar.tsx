/**
 * A community's avatar with its category's coloured border (SPEC §1). "default" shows the
 * name's first letter, so every community is recognisable before it has a picture.
 */
export function CommunityAvatar({
  name,
  avatar,
  category,
  size = 48,
}: {
  name: string;
  avatar: string;
  category: string;
  size?: 48 | 64 | 96;
}) {
  const className = `community-avatar category-avatar category-${category}`;
  if (avatar && avatar !== "default") {
    return <img className={className} src={avatar} alt="" width={size} height={size} />;
  }
  return (
    <span className={className} style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
