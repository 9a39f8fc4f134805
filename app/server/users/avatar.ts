/** An avatar is an R2 key served at /files/<key>, or "default"/empty for the placeholder. */
export function avatarUrl(avatar: string | null | undefined) {
  if (!avatar || avatar === "default") return "default";
  if (/^https?:\/\//.test(avatar)) return avatar;
  return `/files/${avatar}`;
}
