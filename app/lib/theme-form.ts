import { z } from "zod";
import { THEMES } from "./themes";

/** The theme switch form: one schema for the form, the action and the API. */
export const themeFormSchema = z.object({
  theme: z.enum(THEMES),
  redirectTo: z.string().optional(),
});
