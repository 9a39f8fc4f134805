/** The eight themes of SPEC §3; theme-d is the default (SPEC §9). */
export const THEMES = ["theme-a", "theme-b", "theme-c", "theme-d", "theme-e", "theme-f", "theme-g", "theme-h"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "theme-d";

/**
 * Each theme's accent and page background (app/styles/themes.css), for what names colours outside
 * the stylesheet: the web app manifest and the browser's `theme-color` (issue 23, decision 130).
 */
export const THEME_COLORS: Record<Theme, { accent: string; background: string }> = {
  "theme-a": { accent: "#0b7a99", background: "#f1f8fa" },
  "theme-b": { accent: "#2f7d32", background: "#f3f8f2" },
  "theme-c": { accent: "#b4461b", background: "#fbf5f1" },
  "theme-d": { accent: "#2457c5", background: "#f5f7fb" },
  "theme-e": { accent: "#6d3fb8", background: "#f6f3fb" },
  "theme-f": { accent: "#3f5169", background: "#f3f5f8" },
  "theme-g": { accent: "#b3265b", background: "#fbf2f6" },
  "theme-h": { accent: "#161d2d", background: "#111725" },
};
