import { z } from "zod";

/** Follow or unfollow a school (POST /schools/{id}). */
export const followSchoolSchema = z.object({
  intent: z.enum(["follow", "unfollow"]),
});

/** A numeric id in a path: digits only, so /schools/abc is simply not found. */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/** Browse parameters: a state code, district or city, the area's name and a page key. */
export const browseSchema = z.object({
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  by: z.enum(["district", "city"]).catch("district"),
  area: z.string().min(1).max(200).optional().catch(undefined),
  after: z.string().max(200).optional().catch(undefined),
});
