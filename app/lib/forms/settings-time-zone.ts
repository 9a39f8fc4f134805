import { z } from "zod";
import { isValidTimeZone } from "~/lib/calendar/time-zone";

/** /profile/settings, intent "timeZone": an IANA zone this runtime knows (decision 121). */
export const timeZoneSettingsSchema = z.object({
  timeZone: z.string().trim().refine(isValidTimeZone, "settings:timeZone.invalid"),
});
