import { z } from "zod";
import { LANGUAGES } from "~/lib/languages";

const CODES = LANGUAGES.map(({ code }) => code) as [string, ...string[]];

/** /profile/settings, intent "language": one of the interface languages (issue 24). */
export const languageSettingsSchema = z.object({
  language: z.enum(CODES, "settings:language.invalid"),
});
