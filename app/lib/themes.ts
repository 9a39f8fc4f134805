/** The eight themes of SPEC §3; theme-d is the default (SPEC §9). */
export const THEMES = ["theme-a", "theme-b", "theme-c", "theme-d", "theme-e", "theme-f", "theme-g", "theme-h"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "theme-d";
