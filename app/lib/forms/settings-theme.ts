import { z } from "zod";
import { THEMES } from "~/lib/themes";

/** /profile/settings, intent "theme": one of the eight themes of SPEC §3. */
export const themeSettingsSchema = z.object({
  theme: z.enum(THEMES, "settings:theme.invalid"),
});
