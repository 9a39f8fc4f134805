import { avatarUrl } from "./avatar";
import { getUserById } from "./users.server";

/**
 * `GET /api/v1/user/profile` (SPEC §7: "fetched after login"): the signed-in person as an app
 * needs them to draw its shell. Never the password hash or token state.
 */
export async function loadApiProfile(userId: number) {
  const user = await getUserById(userId);
  if (!user) return null;
  const { id, name, username, email, avatar, theme, locale, createdAt, emailVerifiedAt } = user;
  return {
    id,
    name,
    username,
    email,
    avatar: avatarUrl(avatar),
    theme,
    locale,
    createdAt,
    emailVerified: emailVerifiedAt !== null,
  };
}
