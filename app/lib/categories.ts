/** Group categories (SPEC §1). Colours live once in guest-landing.css as .category-<name>. */
export const CATEGORIES = ["pto", "classroom", "school", "district", "team", "club", "parents", "services"] as const;
export type Category = (typeof CATEGORIES)[number];
