import { createCookie } from "react-router";
import { DEFAULT_THEME, THEME_COLORS, THEMES, type Theme } from "~/lib/themes";

// A plain preference, not a secret: unsigned, validated on every read.
const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readThemeCookie(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return (THEMES as readonly unknown[]).includes(value) ? (value as Theme) : DEFAULT_THEME;
}

export function serializeThemeCookie(theme: Theme) {
  return themeCookie.serialize(theme);
}

/** A theme's colours for the manifest and `theme-color` (decision 130); an unknown name gets the default's. */
export function themeColorsOf(theme: string) {
  return THEME_COLORS[(THEMES as readonly string[]).includes(theme) ? (theme as Theme) : DEFAULT_THEME];
}

export const themeColorOf = (theme: string) => themeColorsOf(theme).accent;
